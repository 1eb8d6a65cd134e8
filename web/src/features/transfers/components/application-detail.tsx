import { KeyValue, Section } from '@/components/section'
import { formatApplyTime } from '@/features/trade'
import { formatMoney, formatNumber } from '@/lib/format'
import type { Application } from '../api/types'
import { SOURCE_TEXT, STATUS_COLOR, STATUS_TEXT } from '../lib/texts'
import { StatusSteps } from './application-card'

/** An application's state, steps, figures and funds (the detail and the order's detail). */
export function ApplicationDetail({
  application: a,
  highlight,
}: {
  application: Application
  highlight?: string
}) {
  return (
    <>
      <Section
        title="转入进度"
        extra={<span style={{ color: STATUS_COLOR[a.status] }}>{STATUS_TEXT[a.status]}</span>}
      >
        <div data-testid="transfer-status" data-status={a.status}>
          {a.status !== 'CLOSED' && a.status !== 'TA_ERROR' && <StatusSteps status={a.status} />}
          {a.failReason && <p className="xfer-error">{a.failReason}</p>}
        </div>
        <KeyValue label="申请时间">{formatApplyTime(a.applyTime)}</KeyValue>
        <KeyValue label="转入方式">{SOURCE_TEXT[a.source]}</KeyValue>
        {a.sourcePlatform && <KeyValue label="原持有平台">{a.sourcePlatform}</KeyValue>}
        <KeyValue label="转入账户">{a.financialAccountName}</KeyValue>
        <KeyValue label="持仓成本合计">{formatMoney(a.totalCost)}元</KeyValue>
        {a.completeDate && <KeyValue label="转入完成日">{a.completeDate}</KeyValue>}
        {a.profitDays > 0 && (
          <KeyValue label="原平台收益">
            {formatMoney(a.profitTotal)}元（{a.profitDays}天）
          </KeyValue>
        )}
      </Section>
      <Section title="转入基金">
        <div data-testid="transfer-items">
          {a.items.map((i) => (
            <div
              key={i.brokerOrderNo}
              className="xfer-row"
              data-code={i.fundCode}
              style={i.brokerOrderNo === highlight ? { background: '#f5f8ff' } : undefined}
            >
              <div className="xfer-row__head">
                <span className="xfer-row__name">
                  {i.fundName}
                  <span className="xfer-row__code">{i.fundCode}</span>
                </span>
              </div>
              <p className="xfer-muted">
                持有份额 {formatNumber(i.shares)}份 · 持仓成本 {formatMoney(i.cost)}元
              </p>
            </div>
          ))}
        </div>
      </Section>
    </>
  )
}
