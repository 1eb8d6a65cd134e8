/**
 * The parts of a withdrawal from a service account (fa/withdraw, and advisor/roboWithdraw for a
 * robo account): the ratio of every fund sold, and the estimate of what it brings.
 */
import { Selector } from 'antd-mobile'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatNumber } from '@/lib/format'
import { WITHDRAW_RATIOS } from '../lib/texts'

/** The ratio's words (取出 50%), for the password sheet. */
export const withdrawRatioLabel = (ratio: string) =>
  WITHDRAW_RATIOS.find((r) => r.ratio === ratio)?.label

/** 25 %, 50 %, 75 % or 全部. */
export function RatioSelector({
  ratio,
  onChange,
}: {
  ratio: string
  onChange: (ratio: string) => void
}) {
  return (
    <Selector
      columns={4}
      options={WITHDRAW_RATIOS.map((r) => ({ label: r.label, value: r.ratio }))}
      value={[ratio]}
      onChange={(v) => v[0] && onChange(v[0])}
    />
  )
}

export interface WithdrawEstimateData {
  totalAmount: string
  totalFee: string
  adviserFee: string
  itemList: { fundCode: string; fundName: string; shares: string; amount: string }[]
}

/** 预估到账: the amount arriving (the sales less their redemption fees, as each fund's amount
 * is), those fees, the adviser fee charged with it and each fund's shares and amount; the
 * server's refusal, or 正在计算... until it answers. */
export function WithdrawEstimate({
  estimate,
  error,
}: {
  estimate: WithdrawEstimateData | null
  error: string
}) {
  return (
    <Section title="预估到账">
      {error ? (
        <p className="fa-muted">{error}</p>
      ) : !estimate ? (
        <p className="fa-muted">正在计算...</p>
      ) : (
        <>
          <KeyValue label="预估到账金额(元)">{formatMoney(estimate.totalAmount)}</KeyValue>
          <KeyValue label="赎回费(元)">{formatMoney(estimate.totalFee)}</KeyValue>
          <KeyValue label="投顾服务费(元)">{formatMoney(estimate.adviserFee)}</KeyValue>
          <table className="fa-table">
            <thead>
              <tr>
                <th>基金</th>
                <th>份额</th>
                <th>金额(元)</th>
              </tr>
            </thead>
            <tbody>
              {estimate.itemList.map((i) => (
                <tr key={i.fundCode}>
                  <td>{i.fundName}</td>
                  <td>{formatNumber(i.shares)}</td>
                  <td>{formatMoney(i.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Section>
  )
}
