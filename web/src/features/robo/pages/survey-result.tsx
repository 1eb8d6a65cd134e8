/**
 * 问卷结果 (advisor/surveyResult, surveyId): the plan the survey produced — 2 to 4 alternatives,
 * each with its asset classes as a donut, its expected and backtested figures and its risk level
 * against the investor's grade; 查看回测 opens its backtest (the value, the rolling returns and
 * their distribution, the fan of outcomes). 选择此方案 makes it the plan's choice
 * (changeRoboAssetAllocation): one above the grade goes to fa/overrideAuthorization first, the
 * others straight to advisor/proposal.
 */
import { useState } from 'react'
import { Button, Tag } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { GRADE_NAMES } from '@/features/suitability'
import { useIdParam } from '@/features/advisory'
import { useAllocations } from '../api/queries'
import type { Allocation, AllocationList } from '../api/types'
import { changeAllocation, invalidateRobo } from '../api/writes'
import {
  AllocationFigures,
  AllocationHead,
  AllocationItems,
  AssetClassDonut,
} from '../components/allocation-view'
import { BacktestView } from '../components/backtest-view'
import { advisorPath, faRoboPath } from '../lib/paths'
import { AUTH_AWAITING, authorizationText } from '../lib/texts'
import '../robo.css'

function Alternative({
  a,
  plan,
  open,
  onToggle,
}: {
  a: Allocation
  plan: AllocationList
  open: boolean
  onToggle: () => void
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const selected = a.allocationId === plan.selectedAllocationId
  const choose = async () => {
    setBusy(true)
    try {
      const p = await changeAllocation({
        planningId: plan.planningId,
        allocationId: a.allocationId,
        surveyVersion: plan.surveyVersion,
      })
      await invalidateRobo(queryClient)
      navigate(
        p.authorizationCode === AUTH_AWAITING
          ? faRoboPath('overrideAuthorization', { planningId: p.planningId })
          : advisorPath('proposal', { planningId: p.planningId }),
      )
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '操作失败，请重试')
      await invalidateRobo(queryClient)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Section
      className={`robo-alt ${selected ? 'robo-alt--selected' : ''}`}
      title={
        <AllocationHead a={a} extra={selected ? <Tag color="success">已选</Tag> : undefined} />
      }
    >
      <div data-testid={`robo-alt-${a.method}`}>
        <AssetClassDonut a={a} />
        <AllocationFigures a={a} />
        <AllocationItems a={a} />
        <div className="fa-footer" style={{ display: 'flex', gap: 8, marginTop: 10 }}>
          <Button size="small" fill="outline" data-testid="robo-show-backtest" onClick={onToggle}>
            {open ? '收起回测' : '查看回测'}
          </Button>
          <Button
            size="small"
            color="primary"
            loading={busy}
            data-testid="robo-choose"
            onClick={choose}
          >
            选择此方案
          </Button>
        </div>
      </div>
      {open && <BacktestView planningId={plan.planningId} allocationId={a.allocationId} />}
    </Section>
  )
}

function Plan({ plan, surveyId }: { plan: AllocationList; surveyId: number }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-survey-result">
      <div className="robo-warning" style={{ background: '#f2f6ff', color: '#2b4acb' }}>
        您的风险等级：C{plan.riskGrade} {GRADE_NAMES[plan.riskGrade] ?? ''}
        。以下方案由优化算法根据您的问卷生成，历史回测不代表未来收益。
        {plan.authorizationCode !== 9 &&
          ` 超风险授权：${authorizationText(plan.authorizationCode)}`}
      </div>
      {plan.list.map((a) => (
        <Alternative
          key={a.allocationId}
          a={a}
          plan={plan}
          open={open === a.allocationId}
          onToggle={() => setOpen(open === a.allocationId ? null : a.allocationId)}
        />
      ))}
      <div style={{ textAlign: 'center', margin: 16 }}>
        <a role="link" onClick={() => navigate(advisorPath('surveyEdit', { surveyId }))}>
          查看或修改问卷 ›
        </a>
      </div>
    </div>
  )
}

export default function SurveyResultPage() {
  const surveyId = useIdParam('surveyId')
  const query = useAllocations(surveyId)
  return (
    <QueryView
      query={query}
      rows={8}
      isEmpty={(p) => p.list.length === 0}
      emptyTitle="暂无可选方案"
    >
      {(p) => <Plan plan={p} surveyId={surveyId} />}
    </QueryView>
  )
}
