/**
 * 定投记录 (strategy/autoInvestPlanRecord, investPlanId): every execution of a plan, newest due
 * date first, paged (more load as the list scrolls): status, amount and multiplier, confirmed
 * shares, the reason of a failure and the way to the order.
 */
import { useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { usePlanExecutions } from '../api/get-plan-executions'
import { ExecutionRow } from '../components/execution-row'
import { PLAN_TEXTS } from '../lib/texts'
import '../plans.css'

export default function PlanRecordPage() {
  const [params] = useSearchParams()
  const investPlanId = Number(params.get('investPlanId')) || 0
  const strategy = params.get('productType') === 'strategy' || !!params.get('strategyParentCode')
  const executions = usePlanExecutions(investPlanId, strategy)
  return (
    <div className="plan-page">
      <QueryView
        query={executions}
        rows={6}
        emptyTitle={investPlanId ? PLAN_TEXTS.noExecutions : '缺少定投计划信息'}
        isEmpty={(d) => d.pages.every((pg) => pg.list.length === 0)}
      >
        {(d) => (
          <div className="plan-section plan-section--flush" data-testid="plan-record">
            {d.pages
              .flatMap((pg) => pg.list)
              .map((e) => (
                <ExecutionRow key={e.executionId} execution={e} />
              ))}
            <LoadMore query={executions} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
