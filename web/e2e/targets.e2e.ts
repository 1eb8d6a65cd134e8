/** The journeys of docs/targets.md and docs/appointments.md on the demo world.
 *
 * Target strategy: 李明 opens 目标策略, reserves 1 000 元 of CL000002 (目标盈·进取8%, reserve-buy
 * mode) in its reservation window; the order is priced on the build phase's first day. The
 * market moves on (`opentamp market advance`): his position goes through 预约建仓期 (BUILD_RESERVE)
 * to 运作期 (RUN). A target outside 2 %–30 % is refused on 系列资产 with its message. The test
 * then imports NAVs for the strategy's funds 20 % above their last ones (`opentamp market
 * import`), and the position reaches its target: REACHED, the whole strategy sold to the wallet
 * (P03, priced at the imported NAV the test checks), STOP_PROFIT, then END with the money in
 * the wallet. The funds are simulated again afterwards.
 *
 * Redemption appointment: on 赎回管理 he books 10 shares of the fixed-open bond fund 002301 for
 * its next open day through 预约赎回 (the form saved on the server, confirmed with the trade
 * password), sees it 已预约, and cancels it. */
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { advanceMarket, apiGet, opentamp, press, signIn, sqlite } from './session'

const base = inject('baseURL')
const PASSWORD = '135790' // docs/demo.md
const STRATEGY = 'CL000002'
const FUNDS = ['004102', '003303', '003305'] // its components (opentamp/demo/targets.py)
const APPOINTMENT_FUND = '002301'
const MAX_DAYS = 30
const MARKET_TIMEOUT_MS = 600_000

const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

interface Position {
  id: number
  financialAccountId: number
  phase: string
  phaseName: string
  amount: string
  reachedDate: string | null
  stopOrderNo: string | null
  stopOrderStatus: string | null
}

describe('目标盈: reserved, built, run, stopped at its target; 预约赎回', () => {
  let phone: Phone
  let token = ''
  let accountId = 0
  let savedSeries: unknown[][] = []
  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)
  const position = async (): Promise<Position | undefined> => {
    const asset = await get('/account/getAccountSeriesStrategyAsset', {
      strategyParentCode: STRATEGY,
    })
    return asset.strategies[0].positions.find((p: Position) => p.financialAccountId === accountId)
  }
  const walletShares = async (): Promise<Decimal> => {
    const rows = await get('/trade/getShares', { financialAccountId: String(accountId) })
    const row = rows.find((r: { fundCode: string }) => r.fundCode === '000509')
    return new Decimal(row?.shares ?? 0)
  }
  async function advance(days: number): Promise<void> {
    token = (await advanceMarket(phone.page, days)).accessToken
  }
  async function advanceUntil(phase: string, seen: Set<string>): Promise<void> {
    for (let days = 0; days <= MAX_DAYS; days++) {
      const p = await position()
      if (p) seen.add(p.phase)
      if (p?.phase === phase) return
      await advance(1)
    }
    throw new Error(`the position never reached ${phase}; seen ${[...seen].join(', ')}`)
  }
  /** The market date: the last day whose NAVs were published (the strategy's first fund's). */
  const marketDay = (): string =>
    String(sqlite('select max(nav_date) from fund_nav where fund_code = ?', [FUNDS[0]])[0][0])
  /** Trading days from the market date to `day` (at least one). */
  const tradingDaysUntil = (day: string): number =>
    Math.max(
      1,
      Number(
        sqlite('select count(*) from trading_day where is_open = 1 and day > ? and day <= ?', [
          marketDay(),
          day,
        ])[0][0],
      ),
    )
  async function seriesAsset(name: string): Promise<void> {
    const { page } = phone
    await page.goto(`${base}/strategy/seriesAsset?strategyParentCode=${STRATEGY}`)
    await page.getByTestId('target-position').first().waitFor()
    await shot(page, `targets-series-asset-${name}`)
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
    const accounts = await get('/account/getFinancialAccountList', { needAsset: 'false' })
    accountId = accounts.financialAccountList.find(
      (a: { financialAccountName: string }) => a.financialAccountName === '默认账户',
    ).financialAccountId
  })
  afterAll(async () => {
    // the strategy's funds are simulated again for the journeys after this one
    for (const row of savedSeries)
      sqlite('insert or ignore into market_series (code, kind, params) values (?, ?, ?)', row)
    await phone?.close()
  })

  it('reserves the strategy in its reservation window', async () => {
    const { page } = phone
    await page.goto(`${base}/strategy/targetStrategyList`)
    const card = page.getByTestId('target-strategy').filter({ hasText: '目标盈·进取8%' })
    await card.waitFor()
    await expect(card.innerText()).resolves.toContain('预约期')
    await shot(page, 'targets-strategy-list')

    const info = await get('/product/strategy/info', { strategyCode: STRATEGY })
    const build = info.targetInfo.strategyPhaseList.find(
      (p: { phaseType: string }) => p.phaseType === 'BUILD_RESERVE',
    )
    await card.getByText('立即预约').click()
    const choose = page.getByText('请选择本次交易使用的理财账户')
    await Promise.race([choose.waitFor(), page.getByTestId('trade-product').waitFor()])
    if (await choose.isVisible()) {
      await page.locator('.adm-list-item').filter({ hasText: '默认账户' }).click()
      await page.getByRole('button', { name: '确定' }).click()
      await page.getByTestId('trade-product').waitFor()
    }
    // the form's data first: on a server just started (this file alone) it comes slowly, and
    // a submit without a way to pay or the agreements to accept does nothing
    await page.getByTestId('trade-fee').getByText('预计确认日期').waitFor()
    await page.getByText('工商银行(1234)').waitFor()
    await page
      .locator('.trade-agree')
      .getByText(/《.+》/)
      .first()
      .waitFor()
    await page.getByTestId('trade-amount').click()
    await press(page, '1000')
    await page.getByText('完成', { exact: true }).click()
    await page.locator('.trade-agree .adm-checkbox').click()
    await shot(page, 'targets-reserve-form')
    await page.getByTestId('trade-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('trade-result-status').waitFor()
    await shot(page, 'targets-reserve-result')
    const orderNo = new URL(page.url()).searchParams.get('brokerOrderNo') as string
    const order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    // priced on the build phase's first day, not today
    expect([order.orderCode, order.tradeAmount, order.tradeDate]).toEqual([
      'P02',
      '1000.00',
      build.beginTime.slice(0, 10),
    ])
    const p = await position()
    expect([p?.phase, p?.phaseName, p?.amount]).toEqual(['RESERVE', '预约期', '1000.00'])

    // the strategy page: the phase timeline, its dates written with their years
    await page.goto(`${base}/poProductDetail?productCode=${STRATEGY}&productType=strategy`)
    const steps = page.locator('.adm-step-description')
    await steps.first().waitFor()
    for (const text of await steps.allInnerTexts()) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await shot(page, 'targets-strategy-page')
    await seriesAsset('reserve')
  })

  it(
    'moves through BUILD to RUN as the market moves on',
    async () => {
      const seen = new Set<string>()
      const info = await get('/product/strategy/info', { strategyCode: STRATEGY })
      const begin = (type: string) =>
        info.targetInfo.strategyPhaseList
          .find((p: { phaseType: string }) => p.phaseType === type)
          .beginTime.slice(0, 10) as string
      // straight to the build phase's first day, then to the run phase's
      await advance(tradingDaysUntil(begin('BUILD_RESERVE')))
      seen.add(((await position()) as Position).phase)
      await advance(tradingDaysUntil(begin('RUN')))
      await advanceUntil('RUN', seen)
      expect(seen.has('BUILD_RESERVE')).toBe(true)
      await seriesAsset('run')
      const { page } = phone
      // a target outside 2 %–30 %: refused with its message, nothing changes
      const input = page.getByRole('textbox', { name: '目标收益率' })
      await input.fill('50')
      await page.getByText('保存设置').click()
      await page.getByText('目标收益率需在2%至30%之间').waitFor()
      await shot(page, 'targets-setting-refused')
      const setting = await get('/asset/targetSetting', {
        strategyCode: STRATEGY,
        financialAccountId: String(accountId),
      })
      expect([setting.targetRate, setting.targetAction]).toEqual(['0.0800', 'redeem'])
      await page.goto(`${base}/strategy/targetTotalAsset`)
      await page.getByTestId('target-asset-strategy').first().waitFor()
      await shot(page, 'targets-total-asset')
    },
    MARKET_TIMEOUT_MS,
  )

  it(
    'stops profit into the wallet when imported NAVs reach the target',
    async () => {
      const days = sqlite(
        'select day from trading_day where is_open = 1 and day > ? order by day limit 40',
        [marketDay()],
      ).map((r) => String(r[0]))
      savedSeries = sqlite(
        `select code, kind, params from market_series where code in (${FUNDS.map(() => '?').join(',')})`,
        FUNDS,
      )
      const raised: Record<string, Decimal> = {}
      const lines = ['fund_code,nav_date,nav']
      for (const code of FUNDS) {
        const [row] = sqlite(
          'select nav from fund_nav where fund_code = ? order by nav_date desc limit 1',
          [code],
        )
        raised[code] = new Decimal(String(row[0])).times(1.2).toDecimalPlaces(4)
        for (const day of days) lines.push(`${code},${day},${raised[code].toFixed(4)}`)
      }
      const file = join(tmpdir(), `targets-navs-${Date.now()}.csv`)
      writeFileSync(file, lines.join('\n') + '\n')
      await opentamp('market', 'import', file)
      const before = await walletShares()

      const seen = new Set<string>()
      await advanceUntil('END', seen)
      expect(seen.has('REACHED') || seen.has('STOP_PROFIT')).toBe(true)
      const p = (await position()) as Position
      expect(p.reachedDate).toBeTruthy()
      const sale = await get('/trade/getOrderDetail', { brokerOrderNo: p.stopOrderNo as string })
      expect([sale.orderCode, sale.redeemTo, sale.confirmStatus]).toEqual(['P03', 'wallet', 'P2'])
      // each component sold at the imported NAV: gross = shares × NAV, net = gross − fee
      let net = new Decimal(0)
      for (const child of sale.children) {
        expect(child.nav).toBe(raised[child.productCode].toFixed(4))
        expect(child.confirmedAmount).toBe(
          cents(new Decimal(child.tradeShare).times(raised[child.productCode])).toFixed(2),
        )
        net = net.plus(new Decimal(child.confirmedAmount).minus(child.fee))
      }
      expect(sale.netAmount).toBe(net.toFixed(2))
      // the wallet took the sale's net cash (and, over the days advanced, its own daily income)
      const after = await walletShares()
      expect(after.minus(before).gte(net)).toBe(true)
      await seriesAsset('end')
    },
    MARKET_TIMEOUT_MS,
  )

  it('books a redemption for the next open day and cancels it', async () => {
    const { page } = phone
    await page.goto(`${base}/redeemManagement`)
    const fund = page.getByTestId('appointable-fund').filter({ hasText: APPOINTMENT_FUND })
    await fund.waitFor()
    await shot(page, 'targets-redeem-management')
    await fund.getByText('预约赎回').click()
    await page.getByTestId('appointment-form').waitFor()
    await page.getByRole('textbox', { name: '预约份额' }).fill('10')
    // 全部 stays on one line beside the input (squeezed, it wrapped to one character a line:
    // 48 px high where one line is 27)
    const all = page.getByTestId('appointment-form').getByRole('button', { name: '全部' })
    expect((await all.boundingBox())?.height).toBeLessThan(36)
    await shot(page, 'targets-redeem-appointment-form')
    await page.getByText('下一步').click()
    await page.getByTestId('appointment-confirm').waitFor()
    expect(new URL(page.url()).searchParams.get('temporaryId')).toBeTruthy()
    await shot(page, 'targets-redeem-appointment-confirm')
    await page.getByText('确认预约', { exact: true }).click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('redeem-management').waitFor()
    const booked = page.getByTestId('appointment').filter({ hasText: '已预约' }).first()
    await booked.waitFor()
    const list = await get('/trade/redeemAppointment/list', {})
    const mine = list.appointments.find(
      (a: { shares: string; status: string }) => a.shares === '10.00' && a.status === 'BOOKED',
    )
    expect(mine).toBeTruthy()
    await shot(page, 'targets-redeem-management-booked')
    await booked.getByText('撤销预约').click()
    await page.getByRole('button', { name: '确认撤销' }).click()
    await page.getByText('预约已撤销').waitFor()
    const again = await get('/trade/redeemAppointment/list', {})
    expect(
      again.appointments.find(
        (a: { appointmentId: number }) => a.appointmentId === mine.appointmentId,
      ).status,
    ).toBe('CANCELLED')
  })
})
