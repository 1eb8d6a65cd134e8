/**
 * 投资建议 (advisor/proposal, planningId): the chosen alternative of the plan — its asset
 * classes, funds and amounts, its backtest — where the over-level authorisation stands, and the
 * robo strategy's agreement files. 确认方案 (confirmRoboInvestmentPlanning, with the survey's
 * version: a survey changed since answers 问卷已更新) signs the contract and texts a code; the
 * first deposit on advisor/roboDeposit spends it. A confirmed plan opens its account.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { ApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { useContractDetail, useIdParam, useTextParam } from '@/features/advisory'
import { usePlanning } from '../api/queries'
import type { Planning } from '../api/types'
import { confirmPlanning, invalidateRobo } from '../api/writes'
import {
  AllocationFigures,
  AllocationHead,
  AllocationItems,
  AssetClassDonut,
} from '../components/allocation-view'
import { BacktestView } from '../components/backtest-view'
import { PlanSummary } from '../components/plan-summary'
import { advisorPath, faRoboPath, withQuery } from '../lib/paths'
import { AUTH_AWAITING } from '../lib/texts'
import '../robo.css'

/** The robo strategy the plan is signed on (docs/robo.md); an address may name it too. */
export const strategyOf = (plan: Planning, fromAddress: string): string =>
  fromAddress || plan.poCode

function Confirm({ plan, poCode }: { plan: Planning; poCode: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const contract = useContractDetail({ poCode: poCode || undefined })
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const files = contract.data?.fileList ?? []
  const submit = async () => {
    if (plan.authorizationCode === AUTH_AWAITING)
      return navigate(faRoboPath('overrideAuthorization', { planningId: plan.planningId }))
    if (!agreed) return showFailToast('请先阅读并同意相关协议')
    setBusy(true)
    try {
      const done = await confirmPlanning({
        planningId: plan.planningId,
        allocationId: plan.selectedAllocationId,
        surveyVersion: plan.surveyVersion,
        fileIdList: files.map((f) => f.fileId),
      })
      await invalidateRobo(queryClient)
      navigate(advisorPath('roboDeposit', { serviceAccountId: done.serviceAccountId, first: 1 }), {
        replace: true,
      })
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '提交失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className="trade-agree" style={{ margin: '12px' }}>
        <ProtocolAgreement
          protocols={files.map((f) => ({
            name: f.name,
            url: withQuery('/fa/previewContract', { poCode, fileId: f.fileId }),
          }))}
          checked={agreed}
          onChange={setAgreed}
        />
      </div>
      <div className="trade-footer">
        <Button block color="primary" loading={busy} data-testid="robo-confirm" onClick={submit}>
          {plan.authorizationCode === AUTH_AWAITING ? '去授权' : '确认方案'}
        </Button>
      </div>
    </>
  )
}

export function PlanView({
  plan,
  poCode,
  readOnly = false,
}: {
  plan: Planning
  poCode: string
  readOnly?: boolean
}) {
  const navigate = useNavigate()
  const a = plan.allocations.find((x) => x.allocationId === plan.selectedAllocationId)
  return (
    <div
      className={readOnly ? 'fa-page fa-page--plain' : 'fa-page'}
      data-testid="robo-proposal"
      data-status={plan.status}
    >
      {plan.status === 'EXPIRED' && (
        <div className="robo-warning">问卷已更新，该方案已失效，请重新生成方案。</div>
      )}
      <PlanSummary plan={plan} />
      {a ? (
        <Section title={<AllocationHead a={a} />}>
          <AssetClassDonut a={a} />
          <AllocationFigures a={a} />
          <AllocationItems a={a} />
        </Section>
      ) : (
        <p className="fa-muted">尚未选择方案</p>
      )}
      <BacktestView planningId={plan.planningId} allocationId={plan.selectedAllocationId} />
      {plan.status === 'DRAFT' && !readOnly && <Confirm plan={plan} poCode={poCode} />}
      {!readOnly && plan.status === 'CONFIRMED' && plan.serviceAccountId && (
        <div className="trade-footer">
          <Button
            block
            color="primary"
            onClick={() =>
              navigate(advisorPath('account', { serviceAccountId: plan.serviceAccountId }))
            }
          >
            查看账户
          </Button>
        </div>
      )}
      {!readOnly && plan.status === 'EXPIRED' && (
        <div className="trade-footer">
          <Button
            block
            color="primary"
            onClick={() => navigate(advisorPath('surveyResult', { surveyId: plan.surveyId }))}
          >
            查看最新方案
          </Button>
        </div>
      )}
    </div>
  )
}

export default function ProposalPage() {
  const planningId = useIdParam('planningId')
  const poCode = useTextParam('poCode')
  const query = usePlanning(planningId)
  return (
    <QueryView query={query} rows={8} emptyTitle="方案不存在">
      {(p) => <PlanView plan={p} poCode={strategyOf(p, poCode)} />}
    </QueryView>
  )
}
