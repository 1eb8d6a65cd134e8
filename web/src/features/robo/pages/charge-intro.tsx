/**
 * 收费说明 (advisor/chargeIntro, serviceAccountId): the robo account's adviser fee terms — mode,
 * rate, period, upper limit (the contract's) — and how the fee accrues and is charged; without an
 * account named, the investor's first robo account's.
 */
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { FEE_ON_WITHDRAW, FeeTerms, useContractDetail, useIdParam } from '@/features/advisory'
import { useRoboAccounts } from '../api/queries'
import '../robo.css'

function Terms({ serviceAccountId }: { serviceAccountId: number }) {
  const contract = useContractDetail({ serviceAccountId })
  return (
    <QueryView query={contract} rows={4} emptyTitle="暂无收费信息">
      {(c) => (
        <div className="fa-page fa-page--plain" data-testid="robo-charge-intro">
          <Section title={c.poName}>
            <FeeTerms info={c.adviserFeeInfo} />
          </Section>
          <Section title="如何收取">
            <div className="robo-article">
              <p>投顾服务费按日计提：每日资产 × 年费率 ÷ 365，按收取周期汇总收取。</p>
              <p>{FEE_ON_WITHDRAW}；解约时一并结清。</p>
            </div>
          </Section>
        </div>
      )}
    </QueryView>
  )
}

export default function ChargeIntroPage() {
  const id = useIdParam('serviceAccountId')
  const accounts = useRoboAccounts()
  if (id) return <Terms serviceAccountId={id} />
  return (
    <QueryView
      query={accounts}
      rows={3}
      isEmpty={(l) => l.length === 0}
      emptyTitle="开通智能投顾账户后可查看收费说明"
    >
      {(list) => <Terms serviceAccountId={list[0].serviceAccountId} />}
    </QueryView>
  )
}
