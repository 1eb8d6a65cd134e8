/** The journey of 资产转入 (docs/transfers.md) on the demo world: 王芳, a new investor with
 * nothing held yet, brings her funds over from another app. She uploads a screenshot of its
 * holdings page (drawn here with the Noto CJK font: fund names, codes, shares and costs, and a
 * fund this platform does not sell); the recognition screen shows the rows the picture holds,
 * the unknown fund flagged, which she deletes. She also uploads a CSV whose unknown code she
 * replaces with a catalogue fund found by search. After `opentamp market advance` both
 * applications are COMPLETE and the holdings show with the cost she gave: holding and
 * accumulated profit are the market value less that cost. A picture with nothing readable
 * says so. The other screens (records, detail, 交易记录's transfer detail, template and mail,
 * pasted text, profit history, 定投, the shared link) are opened and photographed. */
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { advanceMarket, apiGet, signIn } from './session'

const base = inject('baseURL')
const PHONE = '13600136000' // 王芳 (docs/demo.md)
const MAX_DAYS = 8
const MARKET_TIMEOUT_MS = 600_000

const cents = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)

interface Fund {
  fundCode: string
  fundName: string
  fundType: number
}

interface Application {
  applicationId: number
  status: string
  items: { fundCode: string; shares: string; cost: string; brokerOrderNo: string }[]
}

/** A holdings page as another app shows it, drawn in the browser with the CJK font: a PNG. */
async function drawHoldings(page: Page, rows: string[][]): Promise<Buffer> {
  const data = await page.evaluate(async (lines: string[][]) => {
    const font = '30px "Noto Sans CJK SC"'
    await document.fonts.load(font)
    const canvas = document.createElement('canvas')
    canvas.width = 900
    canvas.height = 60 + 60 * lines.length
    const g = canvas.getContext('2d')!
    g.fillStyle = '#ffffff'
    g.fillRect(0, 0, canvas.width, canvas.height)
    g.fillStyle = '#000000'
    g.font = font
    g.textBaseline = 'top'
    lines.forEach((cells, i) =>
      cells.forEach((text, j) => g.fillText(text, [20, 380, 540, 720][j], 30 + 60 * i)),
    )
    return canvas.toDataURL('image/png').split(',')[1]
  }, rows)
  return Buffer.from(data, 'base64')
}

describe('资产转入: a new investor brings holdings over by screenshot and by table', () => {
  let phone: Phone
  let token = ''
  let fa = 0
  let funds: Fund[] = []
  const apps: number[] = []

  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)
  const page = () => phone.page
  const field = (name: string) => page().getByRole('textbox', { name, exact: true })

  async function rows(): Promise<string[]> {
    await page().getByTestId('transfer-recognition').waitFor()
    return page()
      .getByTestId('transfer-row')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.code ?? ''))
  }

  async function submitDraft(name: string): Promise<number> {
    await page().getByRole('button', { name: '下一步' }).click()
    await page().getByTestId('transfer-confirm').waitFor()
    await shot(page(), `transfers-${name}-confirm`)
    await page().locator('.xfer-footer .adm-checkbox').click()
    await page().getByRole('button', { name: '确认提交' }).click()
    await page().getByText('申请已提交').waitFor()
    await shot(page(), `transfers-${name}-result`)
    const id = Number(new URL(page().url()).searchParams.get('applicationId'))
    expect(id).toBeGreaterThan(0)
    return id
  }

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page, { quiet: true, phone: PHONE })).accessToken
    const accounts = await get('/account/getFinancialAccountList', { needAsset: 'false' })
    fa = accounts.financialAccountList[0].financialAccountId
    const hits: Fund[] = await get('/transfer/external/searchFund', { keyword: '00' })
    funds = hits.filter((f) => f.fundType !== 4 && f.fundType !== 7).slice(0, 4)
    expect(funds.length).toBe(4)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('says so when a picture holds nothing readable, and offers adding funds by hand', async () => {
    await page().goto(`${base}/transferOnline/home`)
    await page().getByTestId('transfer-home').waitFor()
    await page().getByText('暂无转入记录').waitFor()
    await shot(page(), 'transfers-home-empty')
    await page().getByText('上传持仓截图').click()
    const blank = await drawHoldings(page(), [['持仓', '', '', '']])
    await page()
      .getByLabel('选择持仓截图')
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank })
    await page()
      .getByText('未能从图片中识别出持仓，请上传清晰的持仓页截图，或手动添加基金')
      .waitFor()
    await page().getByRole('button', { name: '手动添加基金' }).waitFor()
    await shot(page(), 'transfers-image-unreadable')
  })

  it('reads a screenshot: the rows it holds, the unknown fund flagged and deleted', async () => {
    const [a, b] = funds
    const png = await drawHoldings(page(), [
      ['基金名称', '代码', '持有份额', '持仓成本'],
      [a.fundName.slice(0, 10), a.fundCode, '1,200.50', '2,400.00'],
      [b.fundName.slice(0, 10), b.fundCode, '3000.00', '3,150.80'],
      ['某某稳健债券A', '999999', '500.00', '520.00'],
    ])
    await page().goto(`${base}/transferOnline/bulkImageUpload`)
    await shot(page(), 'transfers-image-upload')
    await page()
      .getByLabel('选择持仓截图')
      .setInputFiles({ name: 'holdings.png', mimeType: 'image/png', buffer: png })
    expect(await rows()).toEqual([a.fundCode, b.fundCode, '999999'])
    await expect.poll(() => field(`${a.fundCode}持有份额`).inputValue()).toBe('1200.50')
    expect(await field(`${a.fundCode}持仓成本`).inputValue()).toBe('2400.00')
    expect(await field(`${b.fundCode}持有份额`).inputValue()).toBe('3000.00')
    expect(await field(`${b.fundCode}持仓成本`).inputValue()).toBe('3150.80')
    const unknown = page().locator('[data-testid="transfer-row"][data-code="999999"]')
    await unknown.getByText('未找到基金999999，请修改代码或删除该行').waitFor()
    await page().getByRole('button', { name: '还有1只基金需要修改' }).waitFor()
    await shot(page(), 'transfers-image-recognition')
    await unknown.getByRole('button', { name: '删除' }).click()
    expect(await rows()).toEqual([a.fundCode, b.fundCode])
    apps.push(await submitDraft('image'))
    await page().getByText('持仓成本合计5,550.80元', { exact: false }).waitFor()
  })

  it('reads a CSV: an unknown code replaced by a fund found by search', async () => {
    const [, , c, d] = funds
    const csv = [
      '基金代码,基金名称,持有份额,持仓成本',
      `${c.fundCode},${c.fundName},800.00,1000.00`,
      '000000,外部平台专属基金,10.00,12.50',
    ].join('\n')
    await page().goto(`${base}/transferOnline/bulkUpload`)
    await shot(page(), 'transfers-file-upload')
    await page()
      .getByLabel('选择表格文件')
      .setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    expect(await rows()).toEqual([c.fundCode, '000000'])
    await page().getByText('未找到基金000000，请修改代码或删除该行').waitFor()
    await shot(page(), 'transfers-file-recognition')
    await page()
      .locator('[data-testid="transfer-row"][data-code="000000"]')
      .getByRole('button', { name: '更换基金' })
      .click()
    await page().getByPlaceholder('输入基金代码或名称').fill(d.fundCode)
    await page().getByTestId('transfer-search').getByText(d.fundName).click()
    await shot(page(), 'transfers-file-replaced')
    expect(await rows()).toEqual([c.fundCode, d.fundCode])
    expect(await field(`${d.fundCode}持仓成本`).inputValue()).toBe('12.50')
    apps.push(await submitDraft('file'))
  })

  it(
    'completes in the daily pipeline; the holdings carry the cost given',
    async () => {
      const status = async (id: number) =>
        ((await get('/transfer/external/list', { applicationId: String(id) })) as Application[])[0]
      for (let day = 0; ; day++) {
        const states = await Promise.all(apps.map(async (id) => (await status(id)).status))
        if (states.every((s) => s === 'COMPLETE')) break
        expect(day).toBeLessThan(MAX_DAYS)
        token = (await advanceMarket(page(), 1, { quiet: true, phone: PHONE })).accessToken
      }
      const shares = await get('/trade/getShares', { financialAccountId: String(fa) })
      const given: Record<string, [string, string]> = {
        [funds[0].fundCode]: ['1200.50', '2400.00'],
        [funds[1].fundCode]: ['3000.00', '3150.80'],
        [funds[2].fundCode]: ['800.00', '1000.00'],
        [funds[3].fundCode]: ['10.00', '12.50'],
      }
      for (const [code, [held, cost]] of Object.entries(given)) {
        const row = shares.find((r: { fundCode: string }) => r.fundCode === code)
        expect(row, code).toBeTruthy()
        expect(new Decimal(row.shares).eq(held)).toBe(true)
        expect(new Decimal(row.cost).eq(cost)).toBe(true)
        const value = cents(new Decimal(held).times(row.nav))
        expect(new Decimal(row.marketValue).eq(value)).toBe(true)
        expect(new Decimal(row.holdingProfit).eq(value.minus(cost))).toBe(true)
        expect(new Decimal(row.accumulatedProfit).eq(value.minus(cost))).toBe(true)
      }

      await page().goto(`${base}/transferOnline/record`)
      await page().getByTestId('transfer-record').waitFor()
      expect(
        await page()
          .locator('[data-testid="transfer-application"][data-status="COMPLETE"]')
          .count(),
      ).toBe(2)
      await shot(page(), 'transfers-record')
      await page().getByTestId('transfer-application').last().click()
      await page().locator('[data-testid="transfer-status"][data-status="COMPLETE"]').waitFor()
      await shot(page(), 'transfers-application-complete')

      const a = funds[0]
      await page().goto(
        `${base}/assetsDetail?financialAccountId=${fa}&productCode=${a.fundCode}&productType=fund`,
      )
      await page().getByText('持仓成本').waitFor()
      await page().getByText('2,400.00').first().waitFor()
      await shot(page(), 'transfers-holding')

      await page().goto(`${base}/transactionRecord?financialAccountId=${fa}`)
      await page().getByText('转入').first().click()
      await page().getByTestId('transfer-order-detail').waitFor()
      await page().locator('[data-testid="transfer-status"][data-status="COMPLETE"]').waitFor()
      await shot(page(), 'transfers-order-detail')
    },
    MARKET_TIMEOUT_MS,
  )

  it('opens the other screens of the feature', async () => {
    const visit = async (path: string, ready: string, name: string) => {
      await page().goto(`${base}/${path}`)
      await page().getByText(ready).first().waitFor()
      await shot(page(), `transfers-${name}`)
    }
    await visit('transferOnline/home', '转入成功', 'home')
    await visit('transferOnline/info', '转入规则', 'info')
    await visit('transferOnline/template', '持仓表格模板', 'template')
    await visit('transferOnline/sendEmail', '发送模板到邮箱', 'send-email')
    await page().getByRole('textbox', { name: '邮箱地址' }).fill('wangfang@example.com')
    await page().getByRole('button', { name: '发送' }).click()
    await page().getByText('已发送至 wangfang@example.com', { exact: false }).waitFor()
    await shot(page(), 'transfers-send-email-result')

    await visit('pasteText', '粘贴持仓明细', 'paste-text')
    await page().locator('textarea').fill(`${funds[0].fundCode} ${funds[0].fundName} 100.00 120.00`)
    await page().getByRole('button', { name: '识别' }).click()
    expect(await rows()).toEqual([funds[0].fundCode])
    await shot(page(), 'transfers-paste-recognition')

    await visit('transferOnline/assetAdd', '添加基金', 'asset-add')
    await visit('importData', '导入原平台收益记录', 'import-data')
    await visit(`previewResult?applicationId=${apps[0]}`, '原平台收益记录', 'profit-preview')
    const history = '日期,收益\n2026-01-05,12.30\n2026-01-06,-4.10\n'
    await page()
      .getByLabel('选择收益记录文件')
      .setInputFiles({ name: 'p.csv', mimeType: 'text/csv', buffer: Buffer.from(history) })
    await page().getByTestId('transfer-profits').waitFor()
    await shot(page(), 'transfers-profit-preview-rows')
    await page().getByRole('button', { name: '确认导入' }).click()
    await page().getByText('8.20元（2天）').waitFor()

    await visit('assetsTransfer', '定投转入', 'assets-transfer')
    await page().getByTestId('transfer-aip').waitFor()
    await shot(page(), 'transfers-assets-transfer')
    expect(await page().getByRole('button', { name: '设置定投' }).count()).toBe(4)
    await visit(`assetsTransferResult?applicationId=${apps[0]}`, '转入成功', 'assets-result')
    await visit(`investTransfer?applicationId=${apps[0]}`, '恢复为组合', 'invest-transfer')
    await visit('wechat-transfer?inviteCode=tougu&shopName=国贸店', '绑定投顾', 'wechat')
    await page().getByRole('button', { name: '绑定投顾' }).click()
    await page().getByTestId('transfer-adviser').waitFor()
    await shot(page(), 'transfers-wechat-bound')
  })
})
