/**
 * 定投计划 (strategy/autoInvestPlanList): the user's plans by status (进行中 / 已暂停 / 已终止),
 * each with its product, amount, period and next date; paged. No plan: 暂无定投计划 with the way
 * to start one. With strategyParentCode, a strategy's plans.
 */
import { Button, ErrorBlock, Tabs } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { usePlans } from '../api/get-plans'
import type { PlanStatus } from '../api/types'
import { PlanCard } from '../components/plan-card'
import { planDetailPath } from '../lib/paths'
import { PLAN_STATUS_TABS, PLAN_STATUS_TEXT } from '../lib/status'
import { PLAN_TEXTS } from '../lib/texts'
import '../plans.css'

function EmptyPlans({ status }: { status: PlanStatus }) {
  const navigate = useNavigate()
  return (
    <div className="plan-empty" data-testid="plan-empty">
      <ErrorBlock
        status="empty"
        title={status === 'A' ? PLAN_TEXTS.empty : `暂无${PLAN_STATUS_TEXT[status]}的计划`}
        description={status === 'A' ? PLAN_TEXTS.emptyHint : ''}
      />
      {status === 'A' && (
        <Button color="primary" shape="rounded" onClick={() => navigate('/fundAlternatePool')}>
          {PLAN_TEXTS.start}
        </Button>
      )}
    </div>
  )
}

function PlanTab({
  status,
  strategyParentCode,
}: {
  status: PlanStatus
  strategyParentCode: string
}) {
  const navigate = useNavigate()
  const plans = usePlans({ status, strategyParentCode: strategyParentCode || null })
  return (
    <QueryView
      query={plans}
      rows={4}
      isEmpty={(d) => d.pages.every((pg) => pg.list.length === 0)}
      empty={<EmptyPlans status={status} />}
    >
      {(d) => (
        <div className="plan-list" data-testid="plan-list">
          {d.pages
            .flatMap((pg) => pg.list)
            .map((plan) => (
              <PlanCard
                key={plan.investPlanId}
                plan={plan}
                onClick={() =>
                  navigate(
                    planDetailPath(plan.investPlanId, plan.productType, strategyParentCode || null),
                  )
                }
              />
            ))}
          <LoadMore query={plans} />
        </div>
      )}
    </QueryView>
  )
}

export default function PlanListPage() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('status') as PlanStatus | null
  const status: PlanStatus = asked && PLAN_STATUS_TABS.includes(asked) ? asked : 'A'
  const strategyParentCode = params.get('strategyParentCode') ?? ''
  return (
    <div className="plan-page plan-page--list">
      <Tabs
        activeKey={status}
        onChange={(key) => {
          const next = new URLSearchParams(params)
          next.set('status', key)
          setParams(next, { replace: true })
        }}
      >
        {PLAN_STATUS_TABS.map((s) => (
          <Tabs.Tab key={s} title={PLAN_STATUS_TEXT[s]} />
        ))}
      </Tabs>
      <PlanTab key={status} status={status} strategyParentCode={strategyParentCode} />
    </div>
  )
}
