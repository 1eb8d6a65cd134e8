import { formatMoney } from '@/lib/format'
import type { InvestPlan } from '../api/types'
import { nextDateText, PLAN_STATUS_COLOR, planStatusText } from '../lib/status'

/** A plan in the list: product, status, amount and period, what comes next, and the totals. */
export function PlanCard({ plan, onClick }: { plan: InvestPlan; onClick: () => void }) {
  return (
    <div
      className="plan-card"
      role="button"
      tabIndex={0}
      data-testid="plan-card"
      data-plan-id={plan.investPlanId}
      onClick={onClick}
    >
      <div className="plan-card__head">
        <span className="plan-card__name">{plan.productName}</span>
        {plan.smart && <span className="plan-tag">智能</span>}
        {plan.targetRate && <span className="plan-tag">止盈</span>}
        <span className="plan-card__status" style={{ color: PLAN_STATUS_COLOR[plan.status] }}>
          {planStatusText(plan.status)}
        </span>
      </div>
      <div className="plan-card__body">
        <div>
          <div className="plan-card__figure">{formatMoney(plan.amount)}</div>
          <div className="plan-card__label">每期金额(元)</div>
        </div>
        <div>
          <div className="plan-card__figure plan-card__figure--text">{plan.periodText}</div>
          <div className="plan-card__label">定投周期</div>
        </div>
        <div>
          <div className="plan-card__figure">{formatMoney(plan.totalInvested)}</div>
          <div className="plan-card__label">累计投入(元)</div>
        </div>
      </div>
      <div className="plan-card__foot" data-testid="plan-next">
        {nextDateText(plan)}
        <span className="plan-card__pay">{plan.payMethodText}</span>
      </div>
    </div>
  )
}
