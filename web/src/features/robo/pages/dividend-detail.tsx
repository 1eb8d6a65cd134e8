/**
 * 分红详情 (advisor/dividendDetail, serviceAccountId, brokerOrderNo): the dividends the robo
 * account's funds paid (dividend/getList), or one of them (dividend/getDetail): the fund, the
 * dates, the amount and how it was paid (cash or reinvested).
 */
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatNumber } from '@/lib/format'
import { useNavigate } from 'react-router'
import { useIdParam, useTextParam } from '@/features/advisory'
import { useDividend, useDividends } from '../api/queries'
import { advisorPath } from '../lib/paths'
import '../robo.css'

function One({ id, no }: { id: number; no: string }) {
  const query = useDividend(id, no)
  return (
    <QueryView query={query} rows={5} emptyTitle="分红记录不存在">
      {(d) => (
        <div className="fa-page fa-page--plain" data-testid="robo-dividend">
          <Section title={d.productName}>
            <KeyValue label="基金代码">{d.productCode}</KeyValue>
            <KeyValue label="分红金额(元)">
              {formatMoney(d.confirmedAmount || d.tradeAmount)}
            </KeyValue>
            {Number(d.confirmedShares) > 0 && (
              <KeyValue label="再投资份额">{formatNumber(d.confirmedShares)}</KeyValue>
            )}
            <KeyValue label="权益登记日">{d.tradeDate}</KeyValue>
            <KeyValue label="发放日">{d.confirmDate}</KeyValue>
          </Section>
        </div>
      )}
    </QueryView>
  )
}

function List({ id }: { id: number }) {
  const navigate = useNavigate()
  const query = useDividends(id)
  return (
    <QueryView query={query} rows={5} isEmpty={(l) => l.length === 0} emptyTitle="暂无分红记录">
      {(list) => (
        <div className="fa-page fa-page--plain" data-testid="robo-dividends">
          <Section>
            {list.map((d) => (
              <div
                key={d.brokerOrderNo}
                className="fa-row"
                role="button"
                onClick={() =>
                  navigate(
                    advisorPath('dividendDetail', {
                      serviceAccountId: id,
                      brokerOrderNo: d.brokerOrderNo,
                    }),
                  )
                }
              >
                <div className="fa-row__main">
                  {d.productName}
                  <div className="fa-row__sub">{d.confirmDate}</div>
                </div>
                <div className="fa-row__end">{formatMoney(d.confirmedAmount || d.tradeAmount)}</div>
              </div>
            ))}
          </Section>
        </div>
      )}
    </QueryView>
  )
}

export default function DividendDetailPage() {
  const id = useIdParam('serviceAccountId')
  const no = useTextParam('brokerOrderNo')
  return no ? <One id={id} no={no} /> : <List id={id} />
}
