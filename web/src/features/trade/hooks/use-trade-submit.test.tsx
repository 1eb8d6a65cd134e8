import { useState } from 'react'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { renderAt } from '@/test/render'
import type { Order } from '../api/types'
import { TRADE_TEXTS, useTradeSubmit } from './use-trade-submit'

const toasts: string[] = []
vi.mock('@/lib/toast', () => ({
  showFailToast: (text: string) => toasts.push(text),
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
}))

const getAllOrders = vi.fn()
vi.mock('../api/get-all-orders', () => ({
  getAllOrders: (...args: unknown[]) => getAllOrders(...args),
}))

const placed = {
  brokerOrderNo: 'T20261123000001',
  productCode: '110011',
  tradeAmount: '1000.00',
  tradeShare: '0.00',
  applyTime: new Date().toISOString(),
} as Order

function BuyPage({ error }: { error: ApiError }) {
  const { submit, dialog } = useTradeSubmit()
  const [out, setOut] = useState('')
  return (
    <div>
      <button
        type="button"
        onClick={async () => {
          const r = await submit(() => Promise.reject(error), {
            match: { productCode: '110011', amount: '1000.00' },
          })
          setOut(r.ok ? 'ok' : `failed:${r.retryPassword}:${r.pending}`)
        }}
      >
        买入
      </button>
      <output>{out}</output>
      {dialog}
    </div>
  )
}

const timeout = () =>
  new ApiError('网络超时，请检查网络环境', -1, undefined, 'ECONNABORTED', { answered: false })

async function tap() {
  await act(async () => {
    fireEvent.click(screen.getByText('买入'))
  })
}

describe('useTradeSubmit (docs/api.md#trade-network-errors)', () => {
  beforeEach(() => {
    toasts.length = 0
    getAllOrders.mockReset()
  })
  afterEach(() => vi.useRealTimers())

  it('answered: the server message for a refusal, the default text for a server fault', async () => {
    renderAt(
      <BuyPage error={new ApiError('金额不能少于 100.00 元', 60101, 400, 'below_minimum')} />,
    )
    await tap()
    expect(toasts).toEqual(['金额不能少于 100.00 元'])
    expect(screen.getByText('failed:false:false')).toBeInTheDocument()
  })

  it('answered with a fault: 请求异常，请确认本次操作结果后，稍后再试...避免重复下单', async () => {
    renderAt(<BuyPage error={new ApiError('Internal', 50000, 500, 'internal_error')} />)
    await tap()
    expect(toasts).toEqual([TRADE_TEXTS.answered])
  })

  it('a wrong trade password goes back to the sheet for another try', async () => {
    renderAt(<BuyPage error={new ApiError('交易密码错误', 62001, 400, 'trade_password_wrong')} />)
    await tap()
    expect(screen.getByText('failed:true:false')).toBeInTheDocument()
  })

  it('no answer: polls the orders every 3 s and reports the order found', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
    getAllOrders
      .mockResolvedValueOnce({ content: [], page: 1, size: 10, total: 0, hasMore: false })
      .mockResolvedValueOnce({ content: [placed], page: 1, size: 10, total: 1, hasMore: false })
    renderAt(<BuyPage error={timeout()} />)
    await tap()
    expect(screen.getByTestId('trade-processing')).toHaveTextContent(TRADE_TEXTS.querying)
    expect(screen.getByText('failed:false:true')).toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(getAllOrders).toHaveBeenCalledTimes(1)
    expect(getAllOrders).toHaveBeenCalledWith({ page: 1 })
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(getAllOrders).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('trade-processing')).toHaveTextContent(TRADE_TEXTS.found)
    expect(screen.getByText('查看订单')).toBeInTheDocument()
  })

  it('no answer and not found after 5 reads: the processing text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
    getAllOrders.mockResolvedValue({ content: [], page: 1, size: 10, total: 0, hasMore: false })
    renderAt(<BuyPage error={timeout()} />)
    await tap()
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(getAllOrders).toHaveBeenCalledTimes(5)
    expect(screen.getByTestId('trade-processing')).toHaveTextContent(TRADE_TEXTS.processing)
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(getAllOrders).toHaveBeenCalledTimes(5)
  })

  it('stops polling when the page changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false })
    getAllOrders.mockResolvedValue({ content: [], page: 1, size: 10, total: 0, hasMore: false })
    const { router } = renderAt(<BuyPage error={timeout()} />, { path: '/allot' })
    await tap()
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(getAllOrders).toHaveBeenCalledTimes(1)
    await act(() => router.navigate('/mine'))
    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(getAllOrders).toHaveBeenCalledTimes(1)
  })
})
