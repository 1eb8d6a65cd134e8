/**
 * 建议书预览 (fa/proposalPreview, planningId): the plan as a one-page proposal — what it was
 * built for, and each alternative offered with its method, risk level, expected and backtested
 * figures, the chosen one marked.
 */
import { Tag } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useIdParam } from '@/features/advisory'
import { usePlanning } from '../api/queries'
import { AllocationFigures, AllocationHead } from '../components/allocation-view'
import { PlanSummary } from '../components/plan-summary'
import '../robo.css'

export default function ProposalPreviewPage() {
  const planningId = useIdParam('planningId')
  const query = usePlanning(planningId)
  return (
    <QueryView query={query} rows={8} emptyTitle="方案不存在">
      {(plan) => (
        <div className="fa-page fa-page--plain" data-testid="robo-proposal-preview">
          <PlanSummary plan={plan} />
          {plan.allocations.map((a) => (
            <Section
              key={a.allocationId}
              className={
                a.allocationId === plan.selectedAllocationId
                  ? 'robo-alt robo-alt--selected'
                  : 'robo-alt'
              }
              title={
                <AllocationHead
                  a={a}
                  extra={
                    a.allocationId === plan.selectedAllocationId ? (
                      <Tag color="success">已选</Tag>
                    ) : undefined
                  }
                />
              }
            >
              <AllocationFigures a={a} />
            </Section>
          ))}
        </div>
      )}
    </QueryView>
  )
}
