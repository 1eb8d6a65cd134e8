import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatPercent } from '@/lib/format'
import type { ChargePlan } from '../api/types'
import { dailyAccrual, yearlyRateAt } from '../lib/fee'
import { FEE_ON_WITHDRAW } from '../lib/texts'
import { FeeTerms } from './fee-terms'

/** A strategy's fee terms with their STEP tiers and a worked example of a day's accrual. */
export function ChargePlanView({ plan }: { plan: ChargePlan }) {
  const exampleAssets = '100000.00'
  return (
    <>
      <Section title="收费标准">
        <FeeTerms info={plan} />
        {plan.stepList.length > 0 && (
          <table className="fa-table" data-testid="fa-fee-steps">
            <thead>
              <tr>
                <th>账户资产</th>
                <th>年费率</th>
              </tr>
            </thead>
            <tbody>
              {plan.stepList.map((s) => (
                <tr key={s.minAsset}>
                  <td>{formatMoney(s.minAsset)}元及以上</td>
                  <td>{formatPercent(s.feeRatio)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title="计提与收取">
        <p className="fa-muted">
          1. 每个交易日收盘后按账户资产计提：资产 × 年费率 × 距上一交易日的自然日天数 ÷
          365，四舍五入到分（周一计入周末共3天）。
        </p>
        <p className="fa-muted">
          2.
          每期首个交易日收取上一期计提之和，从钱包扣款；钱包余额不足时记为待支付，支付前不能追加投资。
        </p>
        <p className="fa-muted">3. {FEE_ON_WITHDRAW}；解约时收取剩余部分。</p>
        <p className="fa-muted">
          4. 冷静期（签约后{plan.coolingOffHours}小时）内解约，不收取服务费，已收取的全额退还。
        </p>
        <KeyValue label="示例">
          资产{formatMoney(exampleAssets)}元，一个自然日计提
          {dailyAccrual(exampleAssets, yearlyRateAt(plan, exampleAssets))}元
        </KeyValue>
      </Section>
    </>
  )
}
