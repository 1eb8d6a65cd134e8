import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { noteServerTime, resetServerClock } from '@/lib/server-clock'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { detailOf, planOf, PREVIEW } from './fixtures'
import InvestPlanPage from './invest-plan'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('@/lib/toast', () => ({
  showFailToast: (t: string) => void toasts.push(t),
  showToast: (t: string) => void toasts.push(t),
  showSuccessToast: (t: string) => void toasts.push(t),
  showLoading: () => () => {},
}))

let calls: ReturnType<typeof recorder>
const previews = () => calls.filter((c) => c.path === '/trade/investPlan/preview')
const posted = (path: string) =>
  calls.find((c) => c.method === 'POST' && c.path === path)?.body as Record<string, unknown>

const fund = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  fundCode: code,
  shortName: name,
  fundName: `${name}型证券投资基金`,
  riskLevel: 3,
  riskLevelName: '中风险',
  fundTypeName: '混合型',
  minPurchaseAmount: '10.00',
  minRedeemShares: '1.00',
  minHoldShares: '1.00',
  status: { status: 'NORMAL', statusText: '', statusNote: '', canBuy: true, canRedeem: true },
  isDisableBuy: false,
  isMoneyMarket: false,
  fundType: 3,
  tradeLimitStartTime: null,
  tradeLimitEndTime: null,
  redeemSettleDays: 3,
  productType: 'fund',
  ...extra,
})

const SUSPENDED = {
  status: {
    status: 'STOP_ALLOT',
    statusText: '暂停申购',
    statusNote: '本基金暂停申购，恢复日期另行公告',
    canBuy: false,
    canRedeem: true,
  },
}

function handlers(
  options: { smartSupported?: boolean; createFails?: boolean; suspended?: boolean } = {},
) {
  server.use(
    http.get(`${API}/product/fund/info`, ({ request }) => {
      const code = new URL(request.url).searchParams.get('fundCode')
      return envelope(
        code === '000509'
          ? fund('000509', '远航活期宝货币A', { isMoneyMarket: true, fundType: 4 })
          : fund(code ?? '', '恒信均衡优选混合', options.suspended ? SUSPENDED : {}),
      )
    }),
    http.get(`${API}/account/getPaymentMethods`, () =>
      envelope({
        paymentMethods: [
          {
            paymentMethodId: 1,
            bankName: '中国工商银行',
            bankCardTail: '1234',
            bankCardShowName: '工商银行(1234)',
            isSigned: true,
            singleLimit: '50000.00',
          },
        ],
        bindLimit: 5,
        canBindMore: true,
      }),
    ),
    http.get(`${API}/account/getFinancialAccountList`, () =>
      envelope({
        hasFinancialAccount: true,
        financialAccountList: [{ financialAccountId: 1, financialAccountName: '默认账户' }],
        visibleAccountList: [{ financialAccountId: 1, financialAccountName: '默认账户' }],
      }),
    ),
    http.get(`${API}/tamp/getBrokerPreSetting`, () => envelope({ walletName: '活期宝' })),
    http.get(`${API}/security/setting`, () =>
      envelope({ hasTradePassword: true, tradeVerifyMethod: 'PASSWORD', phone: '138****8000' }),
    ),
    http.get(`${API}/trade/judgeRisk`, () =>
      envelope({
        isMatch: true,
        needConfirm: false,
        forbidden: false,
        needSurvey: false,
        warning: '',
      }),
    ),
    http.get(`${API}/protocol/agreements`, () =>
      envelope({
        agreements: [
          { name: '《恒信均衡优选混合基金合同》', url: '/richText?fromModule=doc&id=61' },
        ],
        paymentAgreement: null,
      }),
    ),
    http.get(`${API}/trade/getShares`, () =>
      envelope([{ fundCode: '000509', availableShares: '800.00' }]),
    ),
    http.get(`${API}/trade/investPlan/preview`, ({ request }) => {
      const q = new URL(request.url).searchParams
      return envelope({
        ...PREVIEW,
        smartSupported: options.smartSupported ?? true,
        firstDate: q.get('periodUnit') === '2' ? '2026-12-08' : '2026-12-02',
      })
    }),
    http.get(`${API}/utils/getIp`, () => envelope({ ip: '127.0.0.1' })),
    http.post(`${API}/trade/investPlan/create`, async ({ request }) => {
      if (options.createFails) return failure(422, 40301, '产品暂停申购')
      const body = (await request.json()) as Record<string, unknown>
      return envelope(
        planOf({
          investPlanId: 31,
          amount: body.amount as string,
          periodText: body.periodUnit === 2 ? `每月${body.periodDay}日` : '每周三',
          nextDate: body.periodUnit === 2 ? '2026-12-08' : '2026-12-02',
        }),
      )
    }),
  )
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  toasts.length = 0
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  // the server's day: Wednesday 2026-11-25
  noteServerTime('2026-11-25T02:00:00Z')
  Element.prototype.scrollIntoView = () => {}
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  server.close()
  resetServerClock()
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

async function typePassword(password = '135790') {
  await screen.findByText('请输入交易密码')
  fireEvent.focus(document.querySelector('.adm-passcode-input') as HTMLElement)
  for (const key of password) {
    await waitFor(() => expect(document.querySelector('.adm-number-keyboard-key')).not.toBeNull())
    const keys = [...document.querySelectorAll('.adm-number-keyboard-key')]
    const button = keys.find((k) => k.textContent === key) as HTMLElement
    fireEvent.touchEnd(button)
    fireEvent.click(button)
  }
}

const open = (query = 'productCode=003304&productType=fund&financialAccountId=1') =>
  renderAt(<InvestPlanPage />, { path: '/investPlan', at: `/investPlan?${query}` })

/** The form is ready to submit: the preview's first date shown, and a way to pay chosen (the
 * payment methods are read beside the preview, and may come after it). */
async function ready() {
  await screen.findByTestId('plan-first-date')
  await waitFor(() => expect(document.querySelector('.adm-radio-checked')).not.toBeNull())
}

const agree = () =>
  fireEvent.click(document.querySelector('.protocol-agreement .adm-checkbox') as HTMLElement)

describe('定投 (investPlan): a new plan', () => {
  it('starts weekly on the server day’s weekday and shows the dates the preview gives', async () => {
    handlers()
    open()
    expect((await screen.findByTestId('plan-first-date')).textContent).toBe('2026-12-02')
    expect(previews()[0].query).toMatchObject({
      productType: 'fund',
      productCode: '003304',
      periodUnit: '1',
      periodInterval: '1',
      periodDay: '3',
      financialAccountId: '1',
    })
    expect(screen.getByText('后续扣款日 2026-12-09、2026-12-16、2026-12-23')).toBeInTheDocument()
    // the plan agreement first, then the product's documents (read beside the preview)
    await waitFor(() =>
      expect(document.querySelector('.protocol-agreement')?.textContent).toContain(
        '《定投服务协议》《恒信均衡优选混合基金合同》',
      ),
    )
  })

  it('creates a weekly 500 元 plan by card with the trade password, then shows the result', async () => {
    handlers()
    const { router } = open()
    await ready()
    fireEvent.click(screen.getByText('500'))
    fireEvent.click(screen.getByText('周五'))
    await waitFor(() => expect(previews().at(-1)?.query.periodDay).toBe('5'))
    agree()
    fireEvent.click(screen.getByTestId('plan-submit'))
    await typePassword()
    await screen.findByText('定投计划已设置')
    expect(screen.getByTestId('plan-result').textContent).toContain('每周三定投 500.00 元')
    expect(screen.getByTestId('plan-result').textContent).toContain('首次扣款日 2026-12-02')
    const body = posted('/trade/investPlan/create')
    expect(body).toMatchObject({
      financialAccountId: 1,
      productType: 'fund',
      productCode: '003304',
      amount: '500.00',
      periodUnit: 1,
      periodInterval: 1,
      periodDay: 5,
      payType: 'card',
      paymentMethodId: 1,
      payDateMode: 'CONTINUITY',
      smart: false,
      tradePassword: '135790',
      riskConfirmed: false,
    })
    // the transport drops empty fields: no month, no target for a weekly plan without one
    for (const key of ['periodMonth', 'targetRate', 'targetAction'])
      expect(body).not.toHaveProperty(key)
    expect(typeof body.tradeUUID).toBe('string')
    fireEvent.click(screen.getByText('查看计划'))
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/strategy/autoInvestPlanDetail?investPlanId=31',
      ),
    )
  })

  it('a smart monthly plan from the wallet: the day picker, the bands, the multiplier', async () => {
    handlers()
    open('productCode=005601&productType=fund&financialAccountId=1')
    await ready()
    fireEvent.click(screen.getByText('每月'))
    // 25 November: the 25th of each month
    await waitFor(() =>
      expect(previews().at(-1)?.query).toMatchObject({ periodUnit: '2', periodDay: '25' }),
    )
    expect(screen.getByText('每月25日')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByTestId('plan-first-date').textContent).toBe('2026-12-08'),
    )
    fireEvent.click(screen.getByText('1000'))
    fireEvent.click(screen.getByText('活期宝'))
    fireEvent.click(screen.getByRole('switch', { name: '智能定投' }))
    const bands = await screen.findByTestId('smart-bands')
    expect(bands.querySelector('tr.is-current')?.textContent).toContain('1.2倍')
    expect(screen.getByTestId('smart-multiplier').textContent).toBe('1.2倍')
    expect(screen.getByText('1,200.00')).toBeInTheDocument() // 1000 × 1.2 this period
    agree()
    fireEvent.click(screen.getByTestId('plan-submit'))
    await typePassword()
    await screen.findByText('定投计划已设置')
    expect(posted('/trade/investPlan/create')).toMatchObject({
      productCode: '005601',
      amount: '1000.00',
      periodUnit: 2,
      periodDay: 25,
      payType: 'wallet',
      smart: true,
    })
    expect(posted('/trade/investPlan/create')).not.toHaveProperty('paymentMethodId')
  })

  it('a take-profit plan sends its target and action', async () => {
    handlers({ smartSupported: false })
    open()
    await ready()
    expect(screen.queryByTestId('plan-smart')).toBeNull()
    fireEvent.click(screen.getByText('300'))
    fireEvent.click(screen.getByRole('switch', { name: '目标止盈' }))
    agree()
    fireEvent.click(screen.getByTestId('plan-submit'))
    expect(toasts.at(-1)).toBe('请选择目标收益率')
    fireEvent.click(screen.getByText('15.00%'))
    fireEvent.click(screen.getByText('止盈后赎回至钱包'))
    fireEvent.click(screen.getByTestId('plan-submit'))
    await typePassword()
    await screen.findByText('定投计划已设置')
    expect(posted('/trade/investPlan/create')).toMatchObject({
      amount: '300.00',
      targetRate: '0.1500',
      targetAction: 'redeem',
    })
  })

  it('refuses before the password: no amount, below the minimum, no agreement', async () => {
    handlers()
    open()
    await ready()
    fireEvent.click(screen.getByTestId('plan-submit'))
    expect(toasts.at(-1)).toBe('请输入定投金额')
    fireEvent.click(screen.getByTestId('trade-amount'))
    const key = (k: string) => {
      const button = [...document.querySelectorAll('.adm-number-keyboard-key')].find(
        (b) => b.textContent === k,
      ) as HTMLElement
      fireEvent.touchEnd(button)
      fireEvent.click(button)
    }
    key('5')
    fireEvent.click(screen.getByTestId('plan-submit'))
    expect(toasts.at(-1)).toBe('最低定投金额为10.00元')
    key('0')
    fireEvent.click(screen.getByTestId('plan-submit'))
    expect(toasts.at(-1)).toBe('请先阅读并同意相关协议')
    expect(screen.queryByText('请输入交易密码')).toBeNull()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('a product paused for purchase takes no plan: its notice, and 暂停申购 on submit', async () => {
    handlers({ suspended: true })
    open()
    await ready()
    expect(screen.getByText('本基金暂停申购，恢复日期另行公告')).toBeInTheDocument()
    fireEvent.click(screen.getByText('500'))
    agree()
    fireEvent.click(screen.getByTestId('plan-submit'))
    expect(toasts.at(-1)).toBe('暂停申购')
    expect(screen.queryByText('请输入交易密码')).toBeNull()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('a refusal of the server shows its message and keeps the form', async () => {
    handlers({ createFails: true })
    open()
    await ready()
    fireEvent.click(screen.getByText('500'))
    agree()
    fireEvent.click(screen.getByTestId('plan-submit'))
    await typePassword()
    await waitFor(() => expect(toasts).toContain('产品暂停申购'))
    expect(screen.queryByText('定投计划已设置')).toBeNull()
    expect(screen.getByTestId('plan-submit')).toBeInTheDocument()
  })

  it('a wallet plan is paid by card only and has no take-profit', async () => {
    handlers({ smartSupported: false })
    open('productCode=000509&productType=wallet')
    await ready()
    expect(previews()[0].query).toMatchObject({ productType: 'wallet', productCode: '000509' })
    expect(screen.queryByText('活期宝')).toBeNull()
    expect(screen.queryByTestId('plan-target')).toBeNull()
  })
})

describe('定投 (investPlan): modifying a plan', () => {
  it('starts from the plan and sends an update from the next date', async () => {
    handlers()
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(
          detailOf({ amount: '800.00', periodUnit: 2, periodDay: 8, periodText: '每月8日' }),
        ),
      ),
      http.post(`${API}/trade/investPlan/update`, () =>
        envelope(planOf({ amount: '1000.00', periodUnit: 2, periodDay: 8, periodText: '每月8日' })),
      ),
    )
    open('investPlanId=11')
    await screen.findByTestId('plan-first-date')
    expect(screen.getByText('修改将从下一个扣款日起生效')).toBeInTheDocument()
    expect(screen.getByTestId('trade-amount').getAttribute('data-value')).toBe('800')
    expect(screen.getByText('每月8日')).toBeInTheDocument()
    fireEvent.click(screen.getByText('1000'))
    agree()
    fireEvent.click(screen.getByText('确认修改'))
    await typePassword()
    await screen.findByText('定投计划已修改')
    const body = posted('/trade/investPlan/update')
    expect(body).toMatchObject({
      investPlanId: 11,
      amount: '1000.00',
      periodUnit: 2,
      periodDay: 8,
      payType: 'card',
      paymentMethodId: 21,
      tradePassword: '135790',
    })
    expect(posted('/trade/investPlan/create')).toBeUndefined()
  })

  it('a paused plan cannot be modified', async () => {
    handlers()
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(detailOf({ status: 'P', nextDate: null })),
      ),
    )
    open('investPlanId=11')
    await screen.findByText('仅进行中的计划可修改')
  })
})
