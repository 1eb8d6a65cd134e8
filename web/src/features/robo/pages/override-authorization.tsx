/**
 * 超风险等级授权 (fa/overrideAuthorization, planningId): the chosen allocation holds products
 * above the investor's grade; the investor authorises them explicitly (确认授权,
 * riskPermission/confirm) or refuses (拒绝授权, riskPermission/reject: those products leave the
 * allocation, their weight spread over the rest). Either decision is recorded; the plan then
 * opens on advisor/proposal.
 */
import { useState } from 'react'
import { Button, Dialog } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { useIdParam } from '@/features/advisory'
import { useRiskPermission } from '../api/queries'
import type { RiskPermission } from '../api/types'
import { decideRiskPermission, invalidateRobo } from '../api/writes'
import { RiskPermissionView } from '../components/risk-permission-view'
import { advisorPath, faRoboPath } from '../lib/paths'
import { AUTH_AWAITING } from '../lib/texts'
import '../robo.css'

function Decide({ p }: { p: RiskPermission }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const decide = async (authorize: boolean) => {
    if (
      !authorize &&
      !(await Dialog.confirm({
        content: '拒绝授权后，超出您风险等级的产品将从方案中移除，其占比按比例分配给其余产品。',
      }))
    )
      return
    setBusy(true)
    try {
      await decideRiskPermission(p.planningId, authorize)
      await invalidateRobo(queryClient)
      navigate(advisorPath('proposal', { planningId: p.planningId }), { replace: true })
    } catch (e) {
      showFailToast(e instanceof ApiError ? e.message : '操作失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="fa-page" data-testid="robo-override">
      <RiskPermissionView p={p} />
      {p.authorizationCode === AUTH_AWAITING ? (
        <div className="trade-footer fa-footer">
          <Button
            fill="outline"
            loading={busy}
            data-testid="robo-reject"
            onClick={() => decide(false)}
          >
            拒绝授权
          </Button>
          <Button
            color="primary"
            loading={busy}
            data-testid="robo-authorize"
            onClick={() => decide(true)}
          >
            确认授权
          </Button>
        </div>
      ) : (
        <div className="trade-footer">
          <Button
            block
            color="primary"
            onClick={() => navigate(advisorPath('proposal', { planningId: p.planningId }))}
          >
            查看方案
          </Button>
        </div>
      )}
      <div style={{ textAlign: 'center', margin: 12 }}>
        <a
          role="link"
          onClick={() =>
            navigate(faRoboPath('overrideAuthorizationPreview', { planningId: p.planningId }))
          }
        >
          授权书预览 ›
        </a>
      </div>
    </div>
  )
}

export default function OverrideAuthorizationPage() {
  const planningId = useIdParam('planningId')
  const query = useRiskPermission(planningId)
  return (
    <QueryView query={query} rows={6} emptyTitle="方案不存在">
      {(p) => <Decide p={p} />}
    </QueryView>
  )
}
