/**
 * 投顾费协议 (fa/adviserFeeAgreement, poCode or serviceAccountId): the strategy's adviser fee —
 * mode, rate, discount, STEP tiers, period, upper limit — how it accrues each day and is charged
 * each period, with a worked example, and the cooling-off refund.
 */
import { QueryView } from '@/components/query-view'
import { useAccountInfo } from '../api/get-account-info'
import { useChargePlan } from '../api/get-charge-plan'
import { ChargePlanView } from '../components/charge-plan-view'
import { useIdParam, useTextParam } from '../lib/params'
import '../advisory.css'

function Plan({ poCode }: { poCode: string }) {
  const plan = useChargePlan(poCode, null)
  return (
    <QueryView query={plan} rows={8} emptyTitle="未找到收费标准">
      {(p) => <ChargePlanView plan={p} />}
    </QueryView>
  )
}

export default function AdviserFeeAgreementPage() {
  const poCode = useTextParam('poCode')
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(poCode ? 0 : serviceAccountId)
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-fee-agreement">
      {poCode ? (
        <Plan poCode={poCode} />
      ) : (
        <QueryView query={info} rows={8} emptyTitle="未找到收费标准">
          {(i) => <Plan poCode={i.poCode} />}
        </QueryView>
      )}
    </div>
  )
}
