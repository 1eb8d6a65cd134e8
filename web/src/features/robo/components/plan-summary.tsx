import { useNavigate } from 'react-router'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatPercent } from '@/lib/format'
import type { Planning } from '../api/types'
import { faRoboPath } from '../lib/paths'
import { AUTH_AWAITING, AUTH_BLANK, authorizationText, PLAN_STATUS } from '../lib/texts'

/** What a plan was built for and where it stands (docs/robo.md "Plan and allocations"). */
export function PlanSummary({ plan }: { plan: Planning }) {
  const navigate = useNavigate()
  return (
    <Section title="规划概要" extra={PLAN_STATUS[plan.status] ?? plan.status}>
      <KeyValue label="风险等级">
        C{plan.riskGrade} {plan.riskGradeName}
      </KeyValue>
      <KeyValue label="目标波动率">{formatPercent(plan.targetVolatility)}</KeyValue>
      <KeyValue label="投资期限">{plan.horizonMonths}个月</KeyValue>
      <KeyValue label="计划投入">{formatMoney(plan.amount)}元</KeyValue>
      <KeyValue label="超风险授权">
        <span data-testid="robo-plan-authorization">
          {authorizationText(plan.authorizationCode)}
        </span>
        {plan.authorizationCode !== AUTH_BLANK && (
          <a
            role="link"
            style={{ marginLeft: 8 }}
            onClick={() =>
              navigate(
                faRoboPath(
                  plan.authorizationCode === AUTH_AWAITING
                    ? 'overrideAuthorization'
                    : 'overrideAuthorizationPreview',
                  { planningId: plan.planningId },
                ),
              )
            }
          >
            {plan.authorizationCode === AUTH_AWAITING ? '去授权 ›' : '查看 ›'}
          </a>
        )}
      </KeyValue>
    </Section>
  )
}
