import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import type { PensionAccount } from '../api/types'
import PensionDepositPage from './deposit'
import PensionHomePage from './pension-home'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('@/lib/toast', () => ({
  showFailToast: (t: string) => void toasts.push(t),
  showToast: (t: string) => void toasts.push(t),
  showSuccessToast: (t: string) => void toasts.push(t),
  showLoading: () => () => {},
}))

const estimate = (label: string, rate: string, saving: string, later: string, net: string) => ({
  label,
  rate,
  deductible: '8000.00',
  deductionSaving: saving,
  withdrawalTax: later,
  netSaving: net,
})

const account: PensionAccount = {
  hasAccount: true,
  tdAccountId: 1,
  status: 'ACTIVE',
  way: 'bind',
  bankNo: '002',
  bankName: '中国工商银行',
  accountTail: '5678',
  city: '北京市',
  financialAccountId: 6,
  applyNo: null,
  openedAt: '2026-01-05T10:00:00+08:00',
  balance: '5500.00',
  year: 2026,
  yearlyCap: '12000.00',
  yearContributed: '8000.00',
  remainingQuota: '4000.00',
  totalContributed: '8000.00',
  holdingAsset: '2462.25',
  pendingAmount: '0.00',
  totalAsset: '2462.25',
  holdingProfit: '-37.75',
  accumulatedProfit: '-37.75',
  previousProfit: '1.20',
  holdings: [
    {
      fundCode: '009003',
      fundName: '博远养老2040(FOF)Y',
      shares: '1945.98',
      nav: '1.2653',
      navDate: '2026-11-25',
      totalAsset: '2462.25',
      holdingProfit: '-37.75',
      holdingProfitRate: '-0.0151',
      accumulatedProfit: '-37.75',
      previousProfit: '1.20',
      profitDate: '2026-11-25',
    },
  ],
  tdPaymentMethods: [],
  taxEstimates: [
    estimate('不超过3.6万元', '0.03', '240.00', '240.00', '0.00'),
    estimate('3.6万至14.4万元', '0.10', '800.00', '240.00', '560.00'),
    estimate('14.4万至30万元', '0.20', '1600.00', '240.00', '1360.00'),
  ],
  withdrawRule: '个人养老金资金账户封闭运行',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  toasts.length = 0
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('养老金账户', () => {
  it("shows the balance, this year's quota, the holding and the tax estimate of the chosen bracket", async () => {
    server.use(
      http.get(`${API}/pension/tdAccount`, () => envelope(account)),
      http.get(`${API}/pension/time`, () =>
        envelope({ tip: '当前为交易时间，今日15:00前的买入按今日净值确认' }),
      ),
    )
    renderAt(<PensionHomePage />)
    expect(await screen.findByTestId('pension-balance')).toHaveTextContent('5,500.00')
    // 总资产 is the server's: the holdings and pending purchases, not the bank balance
    expect(screen.getByTestId('pension-total')).toHaveTextContent('2,462.25')
    expect(screen.getByText(/余额在银行，不计入总资产/)).toBeTruthy()
    expect(screen.getByTestId('year-contributed')).toHaveTextContent('8,000.00')
    expect(screen.getByTestId('remaining-quota')).toHaveTextContent('4,000.00')
    expect(screen.getByText('博远养老2040(FOF)Y')).toBeTruthy()
    // the second bracket is chosen first; the figures are the server's
    expect(screen.getByTestId('net-saving')).toHaveTextContent('560.00')
    // a bracket's button: its range, and its rate apart from it (no "·" between them)
    expect(screen.getByText('14.4万至30万元').nextElementSibling).toHaveTextContent(/^20\.00%$/)
    fireEvent.click(screen.getByText('14.4万至30万元'))
    await waitFor(() => expect(screen.getByTestId('net-saving')).toHaveTextContent('1,360.00'))
  })

  it('without an account offers to open or bind one', async () => {
    server.use(
      http.get(`${API}/pension/tdAccount`, () =>
        envelope({ ...account, hasAccount: false, status: null, holdings: [] }),
      ),
    )
    renderAt(<PensionHomePage />)
    expect(await screen.findByText('您还没有个人养老金资金账户')).toBeTruthy()
    expect(screen.getByText('开通养老金账户')).toBeTruthy()
    expect(screen.getByText('已有账户去绑定')).toBeTruthy()
  })
})

describe('缴存', () => {
  it("shows the server's refusal of a contribution past the cap, naming what is left", async () => {
    const refusal = '超过个人养老金年度缴存上限12,000.00元，2026年剩余可缴存额度为4,000.00元'
    const card = {
      paymentMethodId: 3,
      bankName: '工商银行',
      bankCardTail: '1234',
      bankCardShowName: '工商银行(1234)',
      isSigned: true,
    }
    server.use(
      http.get(`${API}/pension/tdAccount`, () => envelope(account)),
      http.get(`${API}/account/getPaymentMethods`, () =>
        envelope({ paymentMethods: [card], bindLimit: 5, canBindMore: true }),
      ),
      http.get(`${API}/pension/getRechargeAgreement`, () =>
        envelope({ title: '个人养老金缴存协议', version: '2026.1', content: ['一、'] }),
      ),
      http.post(`${API}/pension/rechargeApply`, () => failure(400, 71110, refusal)),
    )
    renderAt(<PensionDepositPage />)
    expect(await screen.findByTestId('deposit-quota')).toHaveTextContent('剩余额度4,000.00元')
    fireEvent.click(screen.getByText('确认缴存'))
    expect(toasts).toEqual(['请输入缴存金额'])
    const input = document.querySelector('input[aria-label="缴存金额"]') as HTMLInputElement
    // preact/compat (what ships) hears onChange on the `input` event, as browsers send it
    fireEvent.input(input, { target: { value: '8000' } })
    await screen.findByText('工商银行(1234)')
    fireEvent.click(screen.getByText('确认缴存'))
    expect(toasts.at(-1)).toBe('请阅读并同意个人养老金缴存协议')
    fireEvent.click(screen.getByLabelText('同意个人养老金缴存协议'))
    fireEvent.click(screen.getByText('确认缴存'))
    expect(await screen.findByTestId('deposit-error')).toHaveTextContent(refusal)
    // said once, inline under the amount: not again in a toast
    expect(toasts).not.toContain(refusal)
  })
})
