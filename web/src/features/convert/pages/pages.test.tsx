import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import type { ConvertEstimate, ConvertPrepare } from '../api/types'
import ConvertRecordPage from './convert-record'
import ConvertShelfPage from './convert-shelf'
import ConvertTradePage from './convert-trade'

let calls: ReturnType<typeof recorder>
const prepareCalls = () => calls.filter((c) => c.path === '/trade/convert/prepare')

function prepare(extra: Partial<ConvertPrepare> = {}): ConvertPrepare {
  return {
    fundCode: '004101',
    fundName: '远航消费升级股票',
    fundType: 1,
    fundTypeName: '股票型',
    financialAccountId: 1,
    availableShares: '30.00',
    minConvertShares: '10.00',
    minRemainingShares: '20.00',
    nav: '1.2345',
    navDate: '2026-11-20',
    tradeDate: '2026-11-23',
    confirmDate: '2026-11-24',
    targets: [
      {
        fundCode: '003301',
        fundName: '远航稳健配置混合',
        fundType: 3,
        fundTypeName: '混合型',
        riskLevel: 3,
        riskLevelName: '中风险',
        nav: '2.0000',
        navDate: '2026-11-20',
        purchaseFeeRate: '0.0015',
        yearReturn: '0.0823',
      },
      {
        fundCode: '006701',
        fundName: '远航全球科技(QDII)',
        fundType: 7,
        fundTypeName: 'QDII',
        riskLevel: 5,
        riskLevelName: '高风险',
        nav: '1.5000',
        navDate: '2026-11-19',
        purchaseFeeRate: '0.0012',
        yearReturn: '-0.0310',
      },
    ],
    estimate: null,
    ...extra,
  }
}

/** 30.00 shares at 1.2345: gross 37.04 (37.035 half-up); redemption fee 0.5 % = 0.19
 * (0.1852 half-up); 补差费 0.00; 36.85 goes into 003301 at 2.0000 = 18.43 shares (18.425
 * half-up). */
const estimate: ConvertEstimate = {
  shares: '30.00',
  nav: '1.2345',
  grossAmount: '37.04',
  redeemFee: '0.19',
  redeemFeeRate: '0.005',
  feeDifference: '0.00',
  feeDifferenceRate: '0',
  totalFee: '0.19',
  estimatedAmount: '36.85',
  estimatedShares: '18.43',
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('基金转换 shelf', () => {
  it('shows the fund converted out and the targets; a target opens the form', async () => {
    server.use(http.get(`${API}/trade/convert/prepare`, () => envelope(prepare())))
    const { router } = renderAt(<ConvertShelfPage />, {
      path: '/convert/shelf',
      at: '/convert/shelf?fundCode=004101&financialAccountId=1',
    })
    await screen.findByText('远航稳健配置混合')
    expect(prepareCalls()[0].query).toMatchObject({ fundCode: '004101', financialAccountId: '1' })
    expect(screen.getByTestId('convert-source').textContent).toContain('30.00份')
    const rows = screen.getAllByTestId('convert-target')
    expect(rows[0].textContent).toContain('混合型')
    expect(rows[0].textContent).toContain('R3 中风险')
    expect(rows[0].textContent).toContain('+8.23%')
    expect(rows[0].textContent).toContain('0.15%')
    expect(rows[1].textContent).toContain('-3.10%')
    fireEvent.click(rows[0])
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?fundCode=004101&targetFundCode=003301&financialAccountId=1',
      ),
    )
  })

  it('says so when the company has no other fund', async () => {
    server.use(http.get(`${API}/trade/convert/prepare`, () => envelope(prepare({ targets: [] }))))
    renderAt(<ConvertShelfPage />, {
      path: '/convert/shelf',
      at: '/convert/shelf?fundCode=004101&financialAccountId=1',
    })
    await screen.findByText('暂无可转入的基金')
  })

  it('a failure shows the error state, and 重试 asks again', async () => {
    let fail = true
    server.use(
      http.get(`${API}/trade/convert/prepare`, () =>
        fail ? failure(400, 60030, '您未持有该基金') : envelope(prepare()),
      ),
    )
    renderAt(<ConvertShelfPage />, {
      path: '/convert/shelf',
      at: '/convert/shelf?fundCode=004101&financialAccountId=1',
    })
    await screen.findByText('加载失败，请刷新重试')
    fail = false
    fireEvent.click(screen.getByText('重试'))
    await screen.findByText('远航稳健配置混合')
  })
})

describe('基金转换 form', () => {
  beforeEach(() => {
    server.use(
      http.get(`${API}/trade/convert/prepare`, ({ request }) => {
        const q = new URL(request.url).searchParams
        return envelope(prepare({ estimate: q.get('shares') ? estimate : null }))
      }),
      http.get(`${API}/trade/judgeRisk`, () =>
        envelope({
          productCode: '003301',
          productType: 'fund',
          productRiskLevel: 3,
          productRiskName: 'R3 中风险',
          riskGrade5: 4,
          riskGradeName: 'C4 成长型',
          match: 'MATCH',
          isMatch: true,
          needConfirm: false,
          forbidden: false,
          needSurvey: false,
          warning: '',
        }),
      ),
    )
  })

  const open = () =>
    renderAt(<ConvertTradePage />, {
      path: '/convert/trade',
      at: '/convert/trade?fundCode=004101&targetFundCode=003301&financialAccountId=1',
    })

  it('checks the shares as they are picked', async () => {
    open()
    await screen.findByTestId('convert-target-card')
    // 1/3 of 30.00 = 10.00: the minimum, but 20.00 stays — fine; 1/2 = 15.00 leaves 15.00.
    fireEvent.click(screen.getByText('1/2'))
    expect(screen.getByTestId('convert-shares-error').textContent).toBe(
      '转换后剩余份额不能少于 20.00 份，请全部转换',
    )
    fireEvent.click(screen.getByText('1/3'))
    expect(screen.queryByTestId('convert-shares-error')).toBeNull()
    expect(prepareCalls().every((c) => !c.query.shares || c.query.shares === '10.00')).toBe(true)
  })

  it('estimates the fee and the amount going in for valid shares', async () => {
    open()
    await screen.findByTestId('convert-target-card')
    expect(screen.getByTestId('convert-fee').textContent).toBe('--')
    fireEvent.click(screen.getByText('全部'))
    await waitFor(() => expect(screen.getByTestId('convert-fee').textContent).toBe('0.19元'))
    expect(screen.getByTestId('convert-amount').textContent).toBe('36.85元')
    expect(screen.getByTestId('convert-estimate').textContent).toContain('约 18.43份')
    expect(screen.getByTestId('convert-confirm-date').textContent).toBe('2026-11-24')
    const asked = prepareCalls().find((c) => c.query.shares)
    expect(asked?.query).toMatchObject({
      fundCode: '004101',
      targetFundCode: '003301',
      financialAccountId: '1',
      shares: '30.00',
    })
  })

  it("shows the server's refusal of the shares estimated, in the page's own words", async () => {
    // another device converted some of the shares meanwhile: 20.00 are left of the 30.00 shown
    server.use(
      http.get(`${API}/trade/convert/prepare`, ({ request }) =>
        new URL(request.url).searchParams.get('shares')
          ? failure(
              400,
              60118,
              '转换份额不能超过可转换份额 20.00 份',
              'convert_shares_exceed_available',
            )
          : envelope(prepare()),
      ),
    )
    open()
    await screen.findByTestId('convert-target-card')
    fireEvent.click(screen.getByText('全部'))
    expect((await screen.findByTestId('convert-estimate-error')).textContent).toBe(
      '转换份额不能超过可转换份额 20.00 份',
    )
    expect(screen.getByTestId('convert-fee').textContent).toBe('--')
  })

  const forbidden = (refusal: string) => ({
    productCode: '003301',
    productType: 'fund',
    productRiskLevel: 3,
    productRiskName: '中风险',
    riskGrade5: 1,
    riskGradeName: '保守型',
    match: 'forbidden',
    isMatch: false,
    needConfirm: false,
    forbidden: true,
    needSurvey: false,
    warning: '该产品风险等级高于您的风险承受能力',
    opinion: '',
    refusal,
  })

  it("a C1 investor's conversion above R1 is refused in the server's words for a conversion", async () => {
    const words = '转入基金风险等级超出您的风险承受能力，暂时无法转换'
    server.use(
      http.get(`${API}/trade/judgeRisk`, ({ request }) =>
        envelope(
          // what the server answers for the scene asked (a purchase's otherwise)
          forbidden(
            new URL(request.url).searchParams.get('scene') === 'convert'
              ? words
              : '该产品风险等级超出您的风险承受能力，暂时无法购买',
          ),
        ),
      ),
    )
    open()
    await screen.findByTestId('convert-target-card')
    // the verdict has arrived (its warning shows) before the submission that it refuses
    await screen.findByTestId('risk-warning')
    fireEvent.click(screen.getByText('全部'))
    fireEvent.click(screen.getByTestId('convert-submit'))
    expect(await screen.findByText(words)).toBeTruthy()
    expect(calls.find((c) => c.path === '/trade/judgeRisk')?.query).toMatchObject({
      productCode: '003301',
      scene: 'convert',
    })
  })

  it('a submission made before judgeRisk answers waits for its verdict', async () => {
    const words = '转入基金风险等级超出您的风险承受能力，暂时无法转换'
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get(`${API}/trade/judgeRisk`, async () => {
        await answered
        return envelope(forbidden(words))
      }),
    )
    open()
    await screen.findByTestId('convert-target-card')
    fireEvent.click(screen.getByText('全部'))
    fireEvent.click(screen.getByTestId('convert-submit'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    // no password asked without the verdict (which has not arrived: no warning yet)
    expect(screen.queryByText('请输入交易密码')).toBeNull()
    expect(screen.queryByTestId('risk-warning')).toBeNull()
    answer()
    expect(await screen.findByText(words)).toBeTruthy()
    expect(screen.queryByText('请输入交易密码')).toBeNull()
  })

  it('a target not on the shelf is refused', async () => {
    renderAt(<ConvertTradePage />, {
      path: '/convert/trade',
      at: '/convert/trade?fundCode=004101&targetFundCode=999999&financialAccountId=1',
    })
    await screen.findByText('该基金不可转入')
  })
})

describe('基金转换 submission', () => {
  // the password keyboard scrolls its input into view, which jsdom does not do
  beforeEach(() => {
    Element.prototype.scrollIntoView = () => {}
  })
  afterEach(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
  })

  it('a target above the investor: the warning, then the password, then convert/do', async () => {
    server.use(
      http.get(`${API}/trade/convert/prepare`, () => envelope(prepare())),
      http.get(`${API}/utils/getIp`, () => envelope({ ip: '127.0.0.1' })),
      http.get(`${API}/trade/judgeRisk`, () =>
        envelope({
          productCode: '006701',
          productType: 'fund',
          productRiskLevel: 5,
          productRiskName: 'R5 高风险',
          riskGrade5: 4,
          riskGradeName: 'C4 成长型',
          match: 'NOT_MATCH',
          isMatch: false,
          needConfirm: true,
          forbidden: false,
          needSurvey: false,
          warning: '该产品风险等级高于您的风险承受能力',
        }),
      ),
      http.post(`${API}/trade/convert/do`, () =>
        envelope({ brokerOrderNo: 'C9', orderCode: '036', productCode: '004101' }),
      ),
    )
    const { router } = renderAt(<ConvertTradePage />, {
      path: '/convert/trade',
      at: '/convert/trade?fundCode=004101&targetFundCode=006701&financialAccountId=1',
    })
    await screen.findByTestId('risk-warning')
    fireEvent.click(screen.getByText('全部'))
    fireEvent.click(screen.getByTestId('convert-submit'))
    await screen.findByTestId('risk-confirm')
    fireEvent.click(screen.getAllByText('确认转换').at(-1) as HTMLElement)
    await screen.findByText('请输入交易密码')
    fireEvent.focus(document.querySelector('.adm-passcode-input') as HTMLElement)
    for (const key of '135790') {
      await waitFor(() => expect(document.querySelector('.adm-number-keyboard-key')).not.toBeNull())
      const keys = [...document.querySelectorAll('.adm-number-keyboard-key')]
      const button = keys.find((k) => k.textContent === key) as HTMLElement
      fireEvent.touchEnd(button)
      fireEvent.click(button)
    }
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/convert/result?brokerOrderNo=C9',
      ),
    )
    const body = calls.find((c) => c.path === '/trade/convert/do')?.body
    expect(body).toMatchObject({
      financialAccountId: 1,
      fundCode: '004101',
      targetFundCode: '006701',
      shares: '30.00',
      tradePassword: '135790',
      riskConfirmed: true,
    })
    expect(typeof (body as { tradeUUID: unknown }).tradeUUID).toBe('string')
    expect(sessionStorage.getItem('opentamp.riskLevelSigned')).toBe('006701')
  })
})

describe('转换记录', () => {
  it('lists the 036 orders as A → B with their status', async () => {
    server.use(
      http.get(`${API}/trade/getAllOrders`, () =>
        envelope({
          content: [
            {
              brokerOrderNo: 'C1',
              orderCode: '036',
              confirmStatus: '0',
              payStatus: '2',
              productCode: '004101',
              productName: '远航消费升级股票',
              tradeShare: '1000.00',
              applyTime: '2026-11-23T14:30:05+08:00',
              extMetaInfo: { targetFundCode: '003301', targetFundName: '远航稳健配置混合' },
              isSignalSellOrder: false,
              isTransfer: false,
            },
          ],
          page: 1,
          size: 10,
          total: 1,
          hasMore: false,
        }),
      ),
    )
    const { router } = renderAt(<ConvertRecordPage />, { path: '/convertTransactionRecord' })
    const row = await screen.findByTestId('convert-row')
    expect(calls.find((c) => c.path === '/trade/getAllOrders')?.query).toMatchObject({
      orderCode: '036',
      page: '1',
    })
    expect(row.textContent).toContain('远航消费升级股票')
    expect(row.textContent).toContain('远航稳健配置混合')
    expect(row.textContent).toContain('转出 1,000.00份')
    expect(row.textContent).toContain('2026-11-23 14:30')
    expect(screen.getByTestId('convert-status').textContent).toBe('确认中')
    fireEvent.click(row)
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/convert/transactionDetail?brokerOrderNo=C1',
      ),
    )
  })

  it('has an empty state', async () => {
    server.use(
      http.get(`${API}/trade/getAllOrders`, () =>
        envelope({ content: [], page: 1, size: 10, total: 0, hasMore: false }),
      ),
    )
    renderAt(<ConvertRecordPage />, { path: '/convertTransactionRecord' })
    await screen.findByText('暂无转换记录')
  })
})
