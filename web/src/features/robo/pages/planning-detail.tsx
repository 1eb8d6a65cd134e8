/**
 * 规划详情 (fa/planningDetail, planningId; also fa/proposalDetail): a plan as it stands — what it
 * was built for, the chosen alternative's asset classes, funds and figures, its backtest with the
 * rolling returns and the fan of outcomes — read only (/investment/planning/detail).
 */
import { QueryView } from '@/components/query-view'
import { useIdParam, useTextParam } from '@/features/advisory'
import { usePlanning } from '../api/queries'
import { PlanView, strategyOf } from './proposal'
import '../robo.css'

export default function PlanningDetailPage() {
  const planningId = useIdParam('planningId')
  const poCode = useTextParam('poCode')
  const query = usePlanning(planningId)
  return (
    <QueryView query={query} rows={8} emptyTitle="方案不存在">
      {(p) => <PlanView plan={p} poCode={strategyOf(p, poCode)} readOnly />}
    </QueryView>
  )
}
