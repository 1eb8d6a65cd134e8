/**
 * A write that needs the trade password: the sheet, then the write with the page's tradeUUID
 * through the trade feature's submission flow (docs/api.md#trade-network-errors). A wrong
 * password clears the sheet for another try; success renews the tradeUUID, refreshes what the
 * write changed and hands the answer on.
 */
import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useTradeUUID } from '@/lib/trade-uuid'
import { useTradeSubmit } from '@/features/trade'
import { invalidateAdvisory, type Password } from '../api/writes'

interface Pending<T> {
  description: string
  run: (password: Password) => Promise<T>
  done: (value: T) => void
  /** An order write: how to find the order if no answer comes. */
  match?: { productCode?: string; amount?: string }
}

export function usePasswordWrite() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const [visible, setVisible] = useState(false)
  const [description, setDescription] = useState('')
  const pending = useRef<Pending<unknown> | null>(null)

  const place = async (tradePassword: string) => {
    const p = pending.current
    if (!p) return
    const outcome = await submit(
      () => p.run({ tradePassword, tradeUUID }),
      p.match ? { match: p.match } : { kind: 'plan' },
    )
    if (outcome.ok) {
      setVisible(false)
      renew()
      p.done(outcome.value)
      await invalidateAdvisory(queryClient)
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setVisible(false)
  }

  const ask = <T,>(p: Pending<T>) => {
    pending.current = p as Pending<unknown>
    setDescription(p.description)
    setVisible(true)
  }

  const node = (
    <>
      <TradePasswordPopup
        visible={visible}
        description={description}
        onClose={() => setVisible(false)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </>
  )
  return { ask, node }
}
