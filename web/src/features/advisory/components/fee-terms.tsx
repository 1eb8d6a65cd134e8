import { KeyValue } from '@/components/section'
import type { AdviserFeeInfo } from '../api/types'
import { chargePeriodText, feeModeText, feeRateLines } from '../lib/fee'

/** The adviser fee's terms: mode, the rate paid (the listed one struck when discounted), the
 * period it is charged per and the upper limit. */
export function FeeTerms({ info }: { info: AdviserFeeInfo }) {
  const { rate, original } = feeRateLines(info)
  return (
    <div data-testid="fa-fee-terms">
      <KeyValue label="收费方式">{feeModeText(info.feeMode)}</KeyValue>
      <KeyValue label="投顾服务费率">
        {rate}
        {original && <span className="trade-strike">{original}</span>}
      </KeyValue>
      <KeyValue label="收取周期">{chargePeriodText(info.chargePeriod)}</KeyValue>
      <KeyValue label="收费上限">{info.feeUpperLimitStr || '无'}</KeyValue>
    </div>
  )
}
