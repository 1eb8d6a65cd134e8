/**
 * 首年服务费 (fa/firstYearCharge, poCode, amount): what a deposit of this amount would pay the
 * adviser in its first year (amount × the yearly rate paid, capped at the yearly upper limit),
 * beside the fee terms it follows.
 */
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { useChargePlan } from '../api/get-charge-plan'
import { ChargePlanView } from '../components/charge-plan-view'
import { yearlyRateAt, yearlyRateText } from '../lib/fee'
import { useTextParam } from '../lib/params'
import '../advisory.css'

export default function FirstYearChargePage() {
  const poCode = useTextParam('poCode')
  const amount = useTextParam('amount') || '10000.00'
  const plan = useChargePlan(poCode, amount)
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-first-year">
      <QueryView query={plan} rows={8} emptyTitle="未找到收费标准">
        {(p) => (
          <>
            <div className="fa-hero">
              <div className="fa-hero__head">预估首年投顾服务费(元)</div>
              <div className="fa-hero__value" data-testid="fa-first-year-charge">
                {formatMoney(p.firstYearCharge)}
              </div>
              <div className="fa-hero__label">
                按投入{formatMoney(amount)}元、年费率{yearlyRateText(yearlyRateAt(p, amount))}
                估算，资产不变持有满一年
                {p.upperValue ? `，每期不超过${formatMoney(p.upperValue)}元` : ''}
              </div>
            </div>
            <Section>
              <p className="fa-muted">
                实际服务费按每日资产计提，随资产涨跌、追加投资和取出而变化。
              </p>
            </Section>
            <ChargePlanView plan={p} />
          </>
        )}
      </QueryView>
    </div>
  )
}
