import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { detailOf, executionOf, pageOf, planOf } from './fixtures'
import PlanDetailPage from './plan-detail'
import PlanListPage from './plan-list'
import PlanRecordPage from './plan-record'
import TargetKeepOnRulePage from './target-keep-on-rule'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('@/lib/toast', () => ({
  showFailToast: (t: string) => void toasts.push(t),
  showToast: (t: string) => void toasts.push(t),
  showSuccessToast: (t: string) => void toasts.push(t),
  showLoading: () => () => {},
}))

let calls: ReturnType<typeof recorder>

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  toasts.length = 0
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  Element.prototype.scrollIntoView = () => {}
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  server.close()
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

describe('定投计划 list', () => {
  it('shows the active plans with amount, period and next date, and opens one', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/list`, () =>
        envelope(
          pageOf([
            planOf(),
            planOf({
              investPlanId: 12,
              productName: '远航沪深300指数A',
              amount: '1000.00',
              periodText: '每月8日',
              nextDate: '2026-12-08',
              smart: true,
              payMethodText: '开放钱包',
            }),
          ]),
        ),
      ),
    )
    const { router } = renderAt(<PlanListPage />, { path: '/strategy/autoInvestPlanList' })
    const cards = await screen.findAllByTestId('plan-card')
    expect(cards).toHaveLength(2)
    expect(cards[0].textContent).toContain('恒信均衡优选混合')
    expect(cards[0].textContent).toContain('500.00')
    expect(cards[0].textContent).toContain('每周三')
    expect(cards[0].textContent).toContain('下次扣款 2026-12-02')
    expect(cards[1].textContent).toContain('智能')
    expect(cards[1].textContent).toContain('开放钱包')
    const asked = calls.find((c) => c.path === '/trade/investPlan/list')
    expect(asked?.query).toMatchObject({ status: 'A', page: '1', size: '10' })
    fireEvent.click(cards[1])
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/strategy/autoInvestPlanDetail?investPlanId=12',
      ),
    )
  })

  it('shows the paused tab with why a plan stopped', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/list`, ({ request }) => {
        const status = new URL(request.url).searchParams.get('status')
        return envelope(
          pageOf(
            status === 'P'
              ? [
                  planOf({
                    status: 'P',
                    nextDate: null,
                    statusReason: '连续3期扣款失败，计划已自动暂停',
                  }),
                ]
              : [],
          ),
        )
      }),
    )
    const { router } = renderAt(<PlanListPage />, { path: '/strategy/autoInvestPlanList' })
    await screen.findByText('暂无定投计划')
    fireEvent.click(screen.getByText('已暂停'))
    const card = await screen.findByTestId('plan-card')
    expect(card.textContent).toContain('已暂停')
    expect(card.textContent).toContain('连续3期扣款失败，计划已自动暂停')
    expect(router.state.location.search).toBe('?status=P')
  })

  it('without plans says 暂无定投计划 and offers to start one', async () => {
    server.use(http.get(`${API}/trade/investPlan/list`, () => envelope(pageOf([]))))
    const { router } = renderAt(<PlanListPage />, { path: '/strategy/autoInvestPlanList' })
    await screen.findByText('暂无定投计划')
    fireEvent.click(screen.getByText('去定投'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/fundAlternatePool'))
  })

  it('a failure shows the error state, and 重试 asks again', async () => {
    let fail = true
    server.use(
      http.get(`${API}/trade/investPlan/list`, () =>
        fail ? failure(400, 64001, '查询失败') : envelope(pageOf([planOf()])),
      ),
    )
    renderAt(<PlanListPage />, { path: '/strategy/autoInvestPlanList' })
    await screen.findByText('加载失败，请刷新重试')
    fail = false
    fireEvent.click(screen.getByText('重试'))
    await screen.findByTestId('plan-card')
  })

  it('a strategy’s plans come from the strategy plan calls', async () => {
    server.use(
      http.get(`${API}/saip/strategyInvestPlan/list`, () =>
        envelope(pageOf([planOf({ productType: 'strategy', productCode: 'CL000001' })])),
      ),
    )
    renderAt(<PlanListPage />, {
      path: '/strategy/autoInvestPlanList',
      at: '/strategy/autoInvestPlanList?strategyParentCode=CL000001',
    })
    await screen.findByTestId('plan-card')
    const asked = calls.find((c) => c.path === '/saip/strategyInvestPlan/list')
    expect(asked?.query).toMatchObject({ strategyParentCode: 'CL000001', status: 'A' })
  })
})

describe('定投计划详情', () => {
  const open = (at = '/strategy/autoInvestPlanDetail?investPlanId=11') =>
    renderAt(<PlanDetailPage />, { path: '/strategy/autoInvestPlanDetail', at })

  it('shows the totals, the terms, the next dates and the latest executions', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () => envelope(detailOf())),
      http.get(`${API}/trade/investPlan/executions`, () =>
        envelope(
          pageOf([
            executionOf(),
            executionOf({
              executionId: 300,
              dueDate: '2026-11-18',
              executeDate: '2026-11-20',
              attempt: 3,
              status: 'FAIL',
              brokerOrderNo: null,
              confirmedShares: null,
              nav: null,
              failReason: '银行卡扣款失败',
            }),
          ]),
        ),
      ),
    )
    const { router } = open()
    await screen.findByTestId('plan-recent')
    expect(screen.getByTestId('plan-total-invested').textContent).toBe('1,500.00')
    expect(screen.getByTestId('plan-holding-value').textContent).toBe('1,532.10')
    expect(screen.getByText('+32.10')).toBeInTheDocument()
    expect(screen.getByTestId('plan-profit-rate').textContent).toBe('+2.14%')
    expect(screen.getByTestId('plan-next').textContent).toBe('下次扣款 2026-12-02')
    expect(screen.getByTestId('plan-upcoming').textContent).toBe(
      '2026-12-02、2026-12-09、2026-12-16',
    )
    const rows = screen.getAllByTestId('plan-execution')
    expect(rows[0].textContent).toContain('已确认')
    expect(rows[0].textContent).toContain('356.12份')
    expect(rows[1].textContent).toContain('扣款失败')
    expect(rows[1].textContent).toContain('失败原因：银行卡扣款失败')
    expect(calls.find((c) => c.path === '/trade/investPlan/executions')?.query).toMatchObject({
      investPlanId: '11',
      size: '5',
    })
    fireEvent.click(rows[0])
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/transactionDetail?brokerOrderNo=O301',
      ),
    )
  })

  it('pauses after the confirmation and the trade password', async () => {
    let paused = false
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(
          paused ? detailOf({ status: 'P', nextDate: null, upcomingDates: [] }) : detailOf(),
        ),
      ),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))),
      http.get(`${API}/utils/getIp`, () => envelope({ ip: '127.0.0.1' })),
      http.post(`${API}/trade/investPlan/pause`, () => {
        paused = true
        return envelope(planOf({ status: 'P', nextDate: null }))
      }),
    )
    open()
    await screen.findByText('暂无扣款记录')
    fireEvent.click(screen.getByTestId('plan-pause'))
    expect((await screen.findByTestId('plan-confirm')).textContent).toContain(
      '暂停后将不再按期扣款',
    )
    fireEvent.click(screen.getByText('确认暂停'))
    await typePassword()
    await waitFor(() => expect(screen.getByTestId('plan-status').textContent).toBe('已暂停'))
    expect(toasts).toContain('计划已暂停')
    const body = calls.find((c) => c.path === '/trade/investPlan/pause')?.body as Record<
      string,
      unknown
    >
    expect(body).toMatchObject({ investPlanId: 11, tradePassword: '135790' })
    expect(typeof body.tradeUUID).toBe('string')
    // paused: 恢复 instead of 暂停, and 修改 is off
    expect(screen.getByTestId('plan-resume')).toBeInTheDocument()
    expect(screen.getByTestId('plan-modify')).toBeDisabled()
  })

  it('a cancelled confirmation writes nothing', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () => envelope(detailOf())),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))),
    )
    open()
    await screen.findByText('暂无扣款记录')
    fireEvent.click(screen.getByTestId('plan-terminate'))
    await screen.findByText(
      '终止后计划不可恢复，已买入的份额不受影响，仍在您的持仓中。确定终止吗？',
    )
    fireEvent.click(screen.getByText('取消'))
    await waitFor(() => expect(screen.queryByText('请输入交易密码')).toBeNull())
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('a terminated plan offers no action and says so', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(detailOf({ status: 'T', nextDate: null, upcomingDates: [] })),
      ),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([executionOf()]))),
    )
    open()
    await screen.findByTestId('plan-recent')
    expect(screen.getByTestId('plan-next').textContent).toBe('计划已终止')
    expect(screen.queryByTestId('plan-pause')).toBeNull()
    expect(screen.queryByTestId('plan-terminate')).toBeNull()
  })

  it('a plan paused before any deduction succeeded shows no 收益率: -- not 0.00%', async () => {
    // no cost, no rate: the server answers none (rules.profit_rate)
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(
          detailOf({
            status: 'P',
            statusReason: '连续3期扣款失败，计划已自动暂停',
            successCount: 0,
            failCount: 3,
            totalInvested: '0.00',
            holdingShares: '0.00',
            holdingValue: '0.00',
            holdingProfit: '0.00',
            holdingProfitRate: null,
          }),
        ),
      ),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))),
    )
    open()
    await screen.findByTestId('plan-total-invested')
    expect(screen.getByTestId('plan-profit-rate').textContent).toBe('--')
  })

  it('a portfolio plan shows no 持有份额: shares of different funds do not add up', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(detailOf({ productType: 'poFund', productCode: 'ZH000001', holdingShares: null })),
      ),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([executionOf()]))),
    )
    open()
    await screen.findByTestId('plan-recent')
    expect(screen.getByTestId('plan-holding-value').textContent).toBe('1,532.10')
    expect(screen.queryByText('持有份额')).toBeNull()
  })

  it('a fund plan shows its 持有份额', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () => envelope(detailOf())),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([executionOf()]))),
    )
    open()
    await screen.findByTestId('plan-recent')
    expect(screen.getByText('持有份额')).toBeInTheDocument()
    expect(screen.getByText('1,071.43份')).toBeInTheDocument()
  })

  it('a smart take-profit plan shows its bands and its rounds', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () =>
        envelope(
          detailOf({
            smart: true,
            smartIndexName: '沪深300',
            smartBands: [
              { lowerDeviation: null, upperDeviation: '0', multiplier: '1.50', label: '低估' },
              { lowerDeviation: '0', upperDeviation: null, multiplier: '0.50', label: '高估' },
            ],
            targetRate: '0.1500',
            targetAction: 'rolling',
            round: 2,
            targetRecords: [
              {
                round: 1,
                startDate: '2026-03-04',
                endDate: '2026-08-20',
                invested: '6000.00',
                value: '6930.00',
                returnRate: '0.1550',
                action: 'rolling',
                reachedDate: '2026-08-20',
              },
            ],
          }),
        ),
      ),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))),
    )
    open()
    await screen.findByTestId('smart-bands')
    expect(screen.getByText('已开启（参考沪深300）')).toBeInTheDocument()
    expect(screen.getByText('15.00% · 止盈后滚动定投')).toBeInTheDocument()
    const rounds = screen.getByTestId('plan-rounds')
    expect(within(rounds).getByText('第1轮')).toBeInTheDocument()
    expect(within(rounds).getByText('6,000.00/6,930.00')).toBeInTheDocument()
    expect(within(rounds).getByText('+15.50%')).toBeInTheDocument()
  })

  it('a strategy plan is read from the strategy plan calls', async () => {
    server.use(
      http.get(`${API}/saip/strategyInvestPlan/detail`, () =>
        envelope(detailOf({ productType: 'strategy', extendPeriodSignStatus: 'UNSIGN' })),
      ),
      http.get(`${API}/saip/strategyInvestPlan/executions`, () => envelope(pageOf([]))),
    )
    open('/strategy/autoInvestPlanDetail?investPlanId=11&strategyParentCode=CL000001')
    await screen.findByTestId('plan-unsigned')
  })

  it('a changed strategy’s plan signs the new period file with the trade password', async () => {
    let signed = false
    server.use(
      http.get(`${API}/saip/strategyInvestPlan/detail`, () =>
        envelope(
          detailOf({
            productType: 'strategy',
            extendPeriodSignStatus: signed ? 'SIGNED_FREE' : 'UNSIGN_CANFREESIGN',
          }),
        ),
      ),
      http.get(`${API}/saip/strategyInvestPlan/executions`, () => envelope(pageOf([]))),
      http.get(`${API}/utils/getIp`, () => envelope({ ip: '127.0.0.1' })),
      http.post(`${API}/saip/strategyInvestPlan/update`, () => {
        signed = true
        return envelope(planOf({ productType: 'strategy', extendPeriodSignStatus: 'SIGNED_FREE' }))
      }),
    )
    open('/strategy/autoInvestPlanDetail?investPlanId=11&strategyParentCode=CL000001')
    fireEvent.click(await screen.findByText(/去签署/))
    expect((await screen.findByTestId('plan-confirm')).textContent).toContain('签署本期策略文件后')
    fireEvent.click(screen.getByText('确认签署'))
    await typePassword()
    await waitFor(() => expect(screen.queryByTestId('plan-unsigned')).toBeNull())
    const body = calls.find((c) => c.path === '/saip/strategyInvestPlan/update')?.body
    expect(body).toMatchObject({
      investPlanId: 11,
      signExtendPeriod: true,
      tradePassword: '135790',
    })
  })

  it('another user’s plan (404) shows the error state', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/detail`, () => failure(404, 40400, '定投计划不存在')),
      http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))),
    )
    open()
    await screen.findByText('加载失败，请刷新重试')
  })
})

describe('定投记录', () => {
  // antd-mobile's InfiniteScroll loads only for a laid-out foot (offsetParent), which jsdom
  // never lays out: here every element counts as laid out, and a scroll asks for the next page
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get() {
        return (this as HTMLElement).parentElement
      },
    })
  })
  afterEach(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original)
  })

  it('lists every execution and loads more', async () => {
    server.use(
      http.get(`${API}/trade/investPlan/executions`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'))
        return envelope(
          page === 1
            ? pageOf(
                [
                  executionOf({
                    status: 'ACTIVE',
                    attempt: 2,
                    confirmedShares: null,
                    brokerOrderNo: null,
                    failReason: '余额不足',
                  }),
                  executionOf({ executionId: 300, multiplier: '1.50', amount: '750.00' }),
                ],
                true,
                1,
              )
            : pageOf([executionOf({ executionId: 299, dueDate: '2026-11-04' })], false, 2),
        )
      }),
    )
    renderAt(<PlanRecordPage />, {
      path: '/strategy/autoInvestPlanRecord',
      at: '/strategy/autoInvestPlanRecord?investPlanId=11',
    })
    const rows = await screen.findAllByTestId('plan-execution')
    expect(rows[0].textContent).toContain('第2次扣款中')
    expect(rows[0].textContent).toContain('失败原因：余额不足')
    expect(rows[1].textContent).toContain('500.00元 × 1.5倍')
    expect(rows[1].textContent).toContain('750.00元')
    fireEvent.scroll(window)
    await waitFor(() => expect(screen.getAllByTestId('plan-execution')).toHaveLength(3))
    await screen.findByText('没有更多了')
    expect(
      calls.filter((c) => c.path === '/trade/investPlan/executions').map((c) => c.query.page),
    ).toEqual(['1', '2'])
  })

  it('says so when there is none', async () => {
    server.use(http.get(`${API}/trade/investPlan/executions`, () => envelope(pageOf([]))))
    renderAt(<PlanRecordPage />, {
      path: '/strategy/autoInvestPlanRecord',
      at: '/strategy/autoInvestPlanRecord?investPlanId=11',
    })
    await screen.findByText('暂无扣款记录')
  })
})

describe('止盈续投规则', () => {
  it('explains the four actions and the rounds', () => {
    renderAt(<TargetKeepOnRulePage />, { path: '/targetKeepOnRule' })
    for (const text of [
      '止盈后继续定投',
      '止盈后赎回至钱包',
      '止盈后持有不动',
      '止盈后滚动定投',
      '轮次',
    ])
      expect(screen.getAllByText(new RegExp(text)).length).toBeGreaterThan(0)
  })
})
