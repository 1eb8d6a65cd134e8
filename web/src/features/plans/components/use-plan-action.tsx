/**
 * 暂停 / 恢复 / 终止 a plan: a confirmation (what the action does), then the trade password, then
 * the write with the page's tradeUUID through the trade feature's submission flow (a plan: when
 * no answer comes, the dialog says to check the plan before trying again). A wrong password
 * clears the sheet for another try.
 */
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { showSuccessToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { useTradeSubmit } from '@/features/trade'
import type { InvestPlan } from '../api/types'
import { changePlan, invalidateAfterPlanWrite, type PlanAction } from '../api/plan-writes'
import { CONFIRM_TEXTS } from '../lib/texts'

export function usePlanAction(plan: Pick<InvestPlan, 'investPlanId' | 'productType'>) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const [confirming, setConfirming] = useState<PlanAction | null>(null)
  const [password, setPassword] = useState<PlanAction | null>(null)

  const place = async (tradePassword: string) => {
    const action = password
    if (!action) return
    const outcome = await submit(
      () =>
        changePlan(plan.productType, action, {
          investPlanId: plan.investPlanId,
          tradePassword,
          tradeUUID,
        }),
      { kind: 'plan' },
    )
    if (outcome.ok) {
      setPassword(null)
      renew()
      showSuccessToast(CONFIRM_TEXTS[action].done)
      await invalidateAfterPlanWrite(queryClient)
      return
    }
    if (outcome.retryPassword) throw outcome.error // the sheet clears for another try
    setPassword(null)
  }

  const texts = confirming ? CONFIRM_TEXTS[confirming] : null
  const node = (
    <>
      <AlertModal
        visible={confirming !== null}
        title={texts?.title}
        content={<div data-testid="plan-confirm">{texts?.content}</div>}
        confirmText={texts?.confirm}
        cancelText="取消"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setPassword(confirming)
          setConfirming(null)
        }}
      />
      <TradePasswordPopup
        visible={password !== null}
        description={password ? CONFIRM_TEXTS[password].title : undefined}
        onClose={() => setPassword(null)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </>
  )
  return { ask: (action: PlanAction) => setConfirming(action), node }
}
