/**
 * 撤单 of an order while it can be cancelled (canCancel): the button, the confirmation, the
 * trade password and the page's cancel call through useTradeSubmit
 * (docs/api.md#trade-network-errors); a cancelled order is read again with the other trade queries.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { showSuccessToast } from '@/lib/toast'
import { invalidateAfterTrade } from '../api/trade-writes'
import type { Order } from '../api/types'
import { useTradeSubmit } from '../hooks/use-trade-submit'

export function OrderCancel({
  order,
  cancel,
  warning,
  description,
  testId,
}: {
  order: Order
  cancel: (tradePassword: string) => Promise<Order>
  /** The confirmation's text: what the cancel undoes. */
  warning: string
  /** The password sheet's line, e.g. 撤销该笔交易. */
  description: string
  testId: string
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { submit, dialog } = useTradeSubmit()
  const [confirm, setConfirm] = useState(false)
  const [password, setPassword] = useState(false)

  const place = async (tradePassword: string) => {
    const outcome = await submit(() => cancel(tradePassword), {
      match: { brokerOrderNo: order.brokerOrderNo },
    })
    if (outcome.ok) {
      setPassword(false)
      showSuccessToast('撤单成功')
      await invalidateAfterTrade(queryClient)
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(false)
  }

  return (
    <>
      {order.canCancel && (
        <div className="trade-footer">
          <Button
            block
            color="primary"
            fill="outline"
            data-testid={testId}
            onClick={() => setConfirm(true)}
          >
            撤单
          </Button>
        </div>
      )}
      <AlertModal
        visible={confirm}
        title="确认撤单"
        content={warning}
        confirmText="确认撤单"
        cancelText="再想想"
        onConfirm={() => {
          setConfirm(false)
          setPassword(true)
        }}
        onCancel={() => setConfirm(false)}
      />
      <TradePasswordPopup
        visible={password}
        description={description}
        onClose={() => setPassword(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </>
  )
}
