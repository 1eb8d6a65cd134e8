/** Statements, asset certificates and the profit book (docs/statements.md) on the demo world:
 * 李明's statement of last month opens as a PDF whose text (read back with pypdf, the server's
 * pinned PDF library) holds the account's holdings and totals the test reads from the API; an
 * asset certificate is applied for through its three screens, and the public check passes for
 * the issued file and fails for an altered copy; the profit book's month total equals Σ daily
 * profit of that month as the profit calendar (a call of its own) gives the days. The clock is
 * not moved. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import Decimal from 'decimal.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, signIn } from './session'

const base = inject('baseURL')

/** 12345.6 → "12,345.60", as the screens and the PDF write money. */
const money = (v: Decimal.Value) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    new Decimal(v).toNumber(),
  )
const signed = (v: Decimal.Value) => (new Decimal(v).gt(0) ? `+${money(v)}` : money(v))

/** The text of a PDF, extracted by pypdf in the server's Python, without whitespace and the
 * NULs pypdf reads before each two-byte glyph code (docs/statements.md#pdf). */
function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'statement-')), 'doc.pdf')
  writeFileSync(file, pdf)
  const python = join(dirname(inject('opentampBin')), 'python')
  const script =
    'import sys, pypdf\nprint("".join(p.extract_text() for p in pypdf.PdfReader(sys.argv[1]).pages))'
  const run = spawnSync(python, ['-c', script, file], { encoding: 'utf-8' })
  if (run.status !== 0) throw new Error(`pypdf failed:\n${run.stderr}`)
  return run.stdout.replace(/\s+/g, '').split(String.fromCharCode(0)).join('')
}

async function apiFile(
  token: string,
  path: string,
  params: Record<string, string>,
): Promise<Buffer> {
  const url = `${inject('apiBase')}${path}?${new URLSearchParams(params).toString()}`
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/pdf')
  return Buffer.from(await res.arrayBuffer())
}

describe('对账单, 资产证明 and 收益账本', () => {
  let phone: Phone
  let token: string
  let lastMonth = ''

  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
    const res = await fetch(`${inject('apiBase')}/noauth/app/version`)
    const today = (res.headers.get('x-server-time') as string).slice(0, 10)
    const [y, m] = today.split('-').map(Number)
    lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('opens last month’s statement as a PDF holding the holdings and totals of the API', async () => {
    const { page } = phone
    const list = await apiGet(token, '/account/getAssetReportList', { reportType: 'month' })
    const mine = list.filter((r: { period: string }) => r.period === lastMonth)
    expect(mine.length).toBeGreaterThan(0)
    // 收益账本's 账户文件 → 对账单 opens the list over the book (no route of its own).
    await page.goto(`${base}/profitBookList`)
    await page
      .getByTestId('profit-book-list')
      .locator('.adm-list-item')
      .filter({ hasText: '月度、年度对账单' })
      .click()
    await page.waitForURL(/profitBookList\?reportType=month/)
    await page
      .getByTestId('statement-list')
      .getByText(`${lastMonth.slice(0, 4)}年${Number(lastMonth.slice(5))}月对账单`)
      .first()
      .waitFor()
    // The panel has slid in over the book before it is photographed.
    await expect
      .poll(async () => (await page.locator('.statements-panel').boundingBox())?.x)
      .toBe(0)
    await shot(page, 'statement-list')

    // The account with the most holdings at the period's end.
    const first = mine[0]
    // The GET itself, not the CORS preflight before it (an OPTIONS without a body).
    const pdfResponse = page.waitForResponse(
      (r) => r.url().includes('/account/assetReportFile') && r.request().method() === 'GET',
    )
    await page
      .getByTestId('statement-list')
      .locator('.adm-list-item')
      .filter({ hasText: first.accountName })
      .filter({ hasText: `${Number(lastMonth.slice(5))}月对账单` })
      .first()
      .click()
    await page.waitForURL(/profitBookList\?.*financialAccountId=/)
    await page.getByTestId('statement-viewer').waitFor({ timeout: 30_000 })
    // The viewer's own GET of the file answered the PDF (Chromium keeps no body of a response
    // read as a Blob, so the text below is read from the same file fetched by the test).
    const shown = await pdfResponse
    expect(shown.status()).toBe(200)
    expect(shown.headers()['content-type']).toBe('application/pdf')
    await page.getByTestId('pdf-frame').waitFor()
    await shot(page, 'statement-viewer')

    const url = new URL(page.url())
    const report = (
      await apiGet(token, '/account/getAssetReportList', { reportType: 'month' })
    ).find(
      (r: { financialAccountId: number; period: string }) =>
        r.period === lastMonth &&
        String(r.financialAccountId) === url.searchParams.get('financialAccountId'),
    )
    expect(report.status).toBe('ready')
    const detail = await apiGet(token, '/account/getAssetReport', {
      reportId: String(report.reportId),
    })
    const pdf = await apiFile(token, '/account/assetReportFile', {
      reportId: String(report.reportId),
    })
    const text = pdfText(pdf)
    expect(text).toContain(`${lastMonth.slice(0, 4)}年${Number(lastMonth.slice(5))}月对账单`)
    expect(text).toContain(`期末资产${money(detail.marketValue)}元`)
    expect(text).toContain(`本期收益${money(detail.profit)}元`)
    expect(text).toContain(`本期分红${money(detail.dividends)}元`)
    expect(text).toContain(`本期费用${money(detail.fees)}元`)
    let sum = new Decimal(0)
    for (const h of detail.holdings) {
      expect(text).toContain(h.productCode)
      expect(text).toContain(money(h.marketValue))
      sum = sum.plus(h.marketValue)
    }
    expect(sum.eq(detail.marketValue)).toBe(true)
    expect(await page.getByTestId('statement-market-value').innerText()).toBe(
      money(detail.marketValue),
    )
    // The viewer's frame shows the file by its blob: address (docs/statements.md#viewer).
    expect(await page.getByTestId('pdf-frame').locator('iframe').getAttribute('src')).toMatch(
      /^blob:/,
    )
  })

  it('issues an asset certificate whose check passes, and fails for an altered copy', async () => {
    const { page } = phone
    await page.goto(`${base}/applyCertification/preview`)
    await page.getByTestId('cert-preview-total').waitFor()
    await shot(page, 'certification-preview')
    await page.getByRole('button', { name: '下一步' }).click()
    await page.waitForURL(/applyCertification\/apply/)
    await page.getByText('资产合计（元）').waitFor()
    await shot(page, 'certification-apply')
    await page.getByRole('button', { name: '提交申请' }).click()
    await page.waitForURL(/applyCertification\/result/, { timeout: 60_000 })
    const codeCell = page.getByTestId('verify-code')
    await codeCell.waitFor()
    await page.getByTestId('pdf-frame').waitFor()
    await shot(page, 'certification-result')
    const code = await codeCell.innerText()
    const certificateId = new URL(page.url()).searchParams.get('certificateId') as string
    const cert = await apiGet(token, '/asset/certification', { certificateId })
    expect(cert.verifyCode).toBe(code)
    const pdf = await apiFile(token, '/asset/certificationFile', { certificateId })
    const text = pdfText(pdf)
    expect(text).toContain('资产证明')
    expect(text).toContain(code)
    expect(text).toContain(money(cert.totalAsset))

    const file = page.getByTestId('verify-file')
    await file.setInputFiles({ name: '资产证明.pdf', mimeType: 'application/pdf', buffer: pdf })
    await page.getByRole('button', { name: '开始核验' }).click()
    await page
      .getByTestId('verify-result')
      .getByText('验证通过：该资产证明由本平台出具，且内容未被修改')
      .waitFor()
    await shot(page, 'certification-verify-ok')

    const altered = Buffer.from(pdf)
    const at = altered.indexOf(Buffer.from('/Title'))
    altered[at + 1] = 't'.charCodeAt(0)
    expect(altered.equals(pdf)).toBe(false)
    await file.setInputFiles({ name: '资产证明.pdf', mimeType: 'application/pdf', buffer: altered })
    await page.getByRole('button', { name: '开始核验' }).click()
    await page
      .getByTestId('verify-result')
      .getByText('验证失败：文件内容与本平台出具的资产证明不一致，可能已被修改')
      .waitFor()
    await shot(page, 'certification-verify-altered')
  })

  it('shows a month of the profit book whose total is Σ daily profit of that month', async () => {
    const { page } = phone
    const [year, month] = lastMonth.split('-').map(Number)
    const book = await apiGet(token, '/account/getProfitBookDetail', {
      year: String(year),
      month: String(month),
    })
    const calendar = await apiGet(token, '/trade/getCalendarProfit', { month: lastMonth })
    const days = calendar.days.reduce(
      (s: Decimal, d: { profit: string }) => s.plus(d.profit),
      new Decimal(0),
    )
    expect(calendar.days.length).toBeGreaterThan(0)
    expect(new Decimal(book.total).eq(days)).toBe(true)
    expect(
      book.days
        .reduce((s: Decimal, d: { profit: string }) => s.plus(d.profit), new Decimal(0))
        .eq(days),
    ).toBe(true)
    expect(new Decimal(book.priceChange).plus(book.dividends).minus(book.fees).eq(book.total)).toBe(
      true,
    )
    expect(new Decimal(book.realised).plus(book.unrealised).eq(book.total)).toBe(true)

    await page.goto(`${base}/profitBookList`)
    await page.getByTestId('book-total').waitFor()
    await page.getByTestId('net-inflow-chart').waitFor()
    await shot(page, 'profit-book-list')
    await page.getByText(`${year}年`, { exact: true }).first().click()
    await page.waitForURL(/profitBook\?year=/)
    await page.getByTestId('profit-book').getByTestId('book-total').waitFor()
    await shot(page, 'profit-book')
    await page.getByText(`${year}年${month}月`, { exact: true }).click()
    await page.waitForURL(/booksProfitRecord/)
    const total = page.getByTestId('books-profit-record').getByTestId('book-total')
    await total.waitFor()
    expect(await total.innerText()).toBe(signed(days))
    expect(await page.getByTestId('book-day').count()).toBe(book.days.length)
    await shot(page, 'books-profit-record')
  })
})
