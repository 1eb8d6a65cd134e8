/**
 * 建议书草稿 (fa/proposalDraft, surveyId): the survey's plan still in draft
 * (/investment/planning/draft/detail) — its chosen alternative and backtest, to be confirmed;
 * none (the survey not submitted, or its plan confirmed or expired) is said so.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useIdParam, useTextParam } from '@/features/advisory'
import { useDraftPlanning } from '../api/queries'
import { advisorPath } from '../lib/paths'
import { PlanView, strategyOf } from './proposal'
import '../robo.css'

export default function ProposalDraftPage() {
  const navigate = useNavigate()
  const surveyId = useIdParam('surveyId')
  const poCode = useTextParam('poCode')
  const query = useDraftPlanning(surveyId)
  return (
    <QueryView
      query={query}
      rows={8}
      isEmpty={(p) => !p}
      empty={
        <div className="fa-page fa-page--plain" style={{ padding: 24, textAlign: 'center' }}>
          <p className="fa-muted">暂无待确认的方案草稿</p>
          <Button color="primary" onClick={() => navigate(advisorPath('advisorPlan'))}>
            去规划
          </Button>
        </div>
      }
    >
      {(p) => p && <PlanView plan={p} poCode={strategyOf(p, poCode)} />}
    </QueryView>
  )
}
