/**
 * Every trade submission goes through this hook (docs/api.md#trade-network-errors "Trade network
 * errors"):
 *
 * - the server answered with a failure: a toast with the server's own message for a business
 *   refusal, else 请求异常，请确认本次操作结果后，稍后再试...避免重复下单 (5 s); a wrong trade
 *   password is handed back to the password sheet, which clears for another try;
 * - no answer (timeout, network) for a plan or an agreement-signing payment: 温馨提示 says it
 *   is still processing and to check the detail page; confirming shows a second reminder to
 *   check the result and avoid a duplicate, then goes back one page;
 * - no answer for an order: a dialog says the order is processing while the orders list is
 *   polled (every 3 s, up to 5 times, stopping when the page changes), its dots animating (1800
 *   ticks of 500 ms); then 您的交易订单已处理完成，请前往交易订单详情页面查看订单结果 with the
 *   way to the order, or the processing text with the way to the orders.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import { toApiError, type ApiError } from '@/lib/api-client'
import { showFailToast } from '@/lib/toast'
import { getAllOrders } from '../api/get-all-orders'
import type { Order } from '../api/types'
import { orderDetailPath } from '../lib/order-text'
import { pollForOrder, type OrderMatch } from './poll-order'

export const TRADE_TEXTS = {
  title: '温馨提示',
  answered: '请求异常，请确认本次操作结果后，稍后再试...避免重复下单',
  querying: '您的交易订单正在处理中，正在为您查询交易结果',
  found: '您的交易订单已处理完成，请前往交易订单详情页面查看订单结果',
  processing: '您的交易订单正在处理中，请稍后前往交易订单详情页面查看订单结果',
  planProcessing: '您的计划或订单仍在处理中，请稍后前往详情页面查看',
  planCheck: '请先确认本次操作结果，避免重复操作',
} as const

export const ANSWERED_TOAST_MS = 5000
export const DOTS_TICK_MS = 500
export const DOTS_TICKS = 1800

/** Password failures the password sheet handles itself (it clears for another try). */
const PASSWORD_RETRY_ERRORS = new Set(['trade_password_wrong'])

export type TradeOutcome<T> =
  { ok: true; value: T } | { ok: false; error: ApiError; retryPassword: boolean; pending: boolean }

export interface SubmitHow {
  /** How to recognise the order in the list if the call gets no answer. */
  match?: OrderMatch
  /** A plan or an agreement-signing payment (no order to look for). */
  kind?: 'order' | 'plan'
}

type Dialog =
  | { phase: 'polling' }
  | { phase: 'found'; order: Order }
  | { phase: 'notFound' }
  | { phase: 'plan' }
  | { phase: 'planCheck' }

export function Dots() {
  const [tick, setTick] = useState(0)
  useEffect(() => {
    if (tick >= DOTS_TICKS) return
    const timer = setTimeout(() => setTick((t) => t + 1), DOTS_TICK_MS)
    return () => clearTimeout(timer)
  }, [tick])
  return <span className="trade-dots">{'.'.repeat((tick % 3) + 1)}</span>
}

export function useTradeSubmit(): {
  submit: <T>(run: () => Promise<T>, how?: SubmitHow) => Promise<TradeOutcome<T>>
  dialog: ReactNode
} {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const here = useRef({ pathname, mounted: true, polling: 0 })
  useEffect(() => {
    here.current.pathname = pathname
  }, [pathname])
  useEffect(() => {
    const state = here.current
    state.mounted = true
    return () => {
      state.mounted = false
    }
  }, [])

  const submit = useCallback(
    async <T,>(run: () => Promise<T>, how: SubmitHow = {}): Promise<TradeOutcome<T>> => {
      const since = Date.now()
      try {
        return { ok: true, value: await run() }
      } catch (err) {
        const error = toApiError(err)
        if (error.answered) {
          const retryPassword = PASSWORD_RETRY_ERRORS.has(error.error ?? '')
          const business = error.status !== undefined && error.status < 500 && error.code > 0
          showFailToast(business ? error.message : TRADE_TEXTS.answered, ANSWERED_TOAST_MS)
          return { ok: false, error, retryPassword, pending: false }
        }
        if (how.kind === 'plan' || !how.match) {
          setDialog({ phase: 'plan' })
          return { ok: false, error, retryPassword: false, pending: true }
        }
        const startPath = here.current.pathname
        const run_ = ++here.current.polling
        setDialog({ phase: 'polling' })
        void pollForOrder({
          match: { since, ...how.match },
          fetchOrders: async () => (await getAllOrders({ page: 1 })).content,
          stillHere: () =>
            here.current.mounted &&
            here.current.pathname === startPath &&
            here.current.polling === run_,
        }).then((result) => {
          if (result.outcome === 'left') return
          setDialog(
            result.outcome === 'found'
              ? { phase: 'found', order: result.order }
              : { phase: 'notFound' },
          )
        })
        return { ok: false, error, retryPassword: false, pending: true }
      }
    },
    [],
  )

  const close = () => {
    here.current.polling += 1 // a closed dialog stops its search
    setDialog(null)
  }

  let node: ReactNode = null
  if (dialog?.phase === 'polling') {
    node = (
      <AlertModal
        visible
        title={TRADE_TEXTS.title}
        content={
          <div data-testid="trade-processing">
            {TRADE_TEXTS.querying}
            <Dots />
          </div>
        }
        confirmText="我知道了"
        onConfirm={close}
      />
    )
  } else if (dialog?.phase === 'found') {
    const found = dialog.order
    node = (
      <AlertModal
        visible
        title={TRADE_TEXTS.title}
        content={<div data-testid="trade-processing">{TRADE_TEXTS.found}</div>}
        confirmText="查看订单"
        cancelText="关闭"
        onConfirm={() => {
          close()
          navigate(orderDetailPath(found), { replace: true })
        }}
        onCancel={close}
      />
    )
  } else if (dialog?.phase === 'notFound') {
    node = (
      <AlertModal
        visible
        title={TRADE_TEXTS.title}
        content={<div data-testid="trade-processing">{TRADE_TEXTS.processing}</div>}
        confirmText="查看交易记录"
        cancelText="关闭"
        onConfirm={() => {
          close()
          navigate('/transactionRecord', { replace: true })
        }}
        onCancel={close}
      />
    )
  } else if (dialog?.phase === 'plan') {
    node = (
      <AlertModal
        visible
        title={TRADE_TEXTS.title}
        content={<div data-testid="trade-processing">{TRADE_TEXTS.planProcessing}</div>}
        onConfirm={() => setDialog({ phase: 'planCheck' })}
      />
    )
  } else if (dialog?.phase === 'planCheck') {
    node = (
      <AlertModal
        visible
        title={TRADE_TEXTS.title}
        content={<div data-testid="trade-processing">{TRADE_TEXTS.planCheck}</div>}
        onConfirm={() => {
          setDialog(null)
          navigate(-1)
        }}
      />
    )
  }
  return { submit, dialog: node }
}
