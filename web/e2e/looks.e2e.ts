/**
 * The looks of the first-ten-minutes issue at 375×812, for the demo user: the card-change form
 * uses the app's own Chinese picture control and fits the screen; charts, percentages and
 * labels read one way across the app.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { pngFile } from './images'
import { apiGet, signIn } from './session'

const base = inject('baseURL')

/** How far the page reaches past the screen's right edge (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    let right = document.documentElement.scrollWidth
    for (const el of document.querySelectorAll('#root *')) {
      const box = el.getBoundingClientRect()
      if (box.width > 0 && box.height > 0) right = Math.max(right, box.right)
    }
    return Math.max(0, Math.ceil(right - width))
  })
}

/** Every percentage shown on the page that does not have the one format (two decimals). */
function oddPercents(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const odd: string[] = []
    const walker = document.createTreeWalker(document.querySelector('#root')!, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // a figure, not a product's name such as 目标盈·稳健5%
      const found = node.textContent?.match(/(?<![\u4e00-\u9fa5\w.,])[+-]?\d[\d,]*(\.\d+)?%/g)
      odd.push(...(found ?? []).filter((p) => !/\.\d{2}%$/.test(p)))
    }
    return odd
  })
}

describe('the looks of the app', () => {
  let phone: Phone
  let token: string
  beforeAll(async () => {
    phone = await openPhone()
    token = (await signIn(phone.page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('changeCard/applyEdit uses the Chinese picture control and does not overflow', async () => {
    const { page } = phone
    await page.goto(`${base}/changeCard/applyEdit`)
    await page.getByText('选择要更换的银行卡').waitFor()
    await page.getByText('添加图片').waitFor()
    await expect(page.locator('input[type=file]:visible').count()).resolves.toBe(0)
    await expect(page.getByText(/Choose File|No file chosen/).count()).resolves.toBe(0)
    await expect(overflow(page)).resolves.toBe(0)
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/utils/uploadOssResource')),
      page.getByLabel('上传证明材料').setInputFiles(pngFile('proof.png', 600, 400)),
    ])
    await page.getByRole('img', { name: '证明材料1' }).waitFor()
    await page.getByText('添加图片').scrollIntoViewIfNeeded()
    await expect(overflow(page)).resolves.toBe(0)
    await shot(page, 'looks-change-card-apply-edit')
  })

  it('writes every percentage with two decimals', async () => {
    const { page } = phone
    for (const [path, ready] of [
      ['fundProductDetail?productCode=003302&productType=fund', '阶段涨幅'],
      ['poProductDetail?productCode=ZH000002&productType=poFund', '阶段收益'],
      ['poProductDetail?productCode=CL000001&productType=strategy', '目标止盈'],
      ['adjustHistory?poCode=ZH000002', '调整后'],
    ]) {
      await page.goto(`${base}/${path}`)
      await page.getByText(ready).first().waitFor()
      await page.waitForLoadState('networkidle')
      await expect(oddPercents(page), path).resolves.toEqual([])
    }
  })

  it('writes the target strategy periods with the year on both sides', async () => {
    const { page } = phone
    await page.goto(`${base}/poProductDetail?productCode=CL000001&productType=strategy`)
    const periods = page.locator('.pd-table__period')
    await periods.first().waitFor()
    for (const text of await periods.allInnerTexts()) {
      expect(text).toMatch(/^\d{4}-\d{2}-\d{2}~(\d{4}-\d{2}-\d{2}|至今)$/)
    }
    await periods.first().scrollIntoViewIfNeeded()
    await shot(page, 'looks-target-periods')
  })

  it("shows a signal's description whole when it is short, never cut mid-word", async () => {
    const { page } = phone
    const signals = await apiGet(token, '/product/signals', { productCode: 'SI000001', size: '1' })
    const description: string = signals.latestSignalInfo.description
    await page.goto(`${base}/poProductDetail?productCode=SI000001&productType=signal`)
    await page.getByText('最新发车').waitFor()
    const shown = await page.locator('.pd-signal .brief-content').innerText()
    if ([...description].length <= 100) expect(shown).toBe(description)
    else expect(shown).toMatch(/\.\.\.展开$/)
    expect(shown).not.toMatch(/\.{4}/)
  })

  it('puts 调仓历史 in line with its neighbours and gives the period pills room', async () => {
    const { page } = phone
    await page.goto(`${base}/poProductDetail?productCode=ZH000002&productType=poFund`)
    const link = page.getByText('调仓历史', { exact: true })
    await link.waitFor()
    const row = page.locator('.pd-fund-row').first()
    const [linkBox, rowBox] = [await link.boundingBox(), await row.boundingBox()]
    expect(Math.abs((linkBox?.x ?? 0) - (rowBox?.x ?? 99))).toBeLessThanOrEqual(1)
    const pills = await page.locator('.pd-period').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const text = range.getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return { left: text.left - box.left, right: box.right - text.right, name: el.textContent }
      }),
    )
    expect(pills.filter((p) => p.left < 8 || p.right < 8)).toEqual([])
    await expect(overflow(page)).resolves.toBe(0)
    await link.scrollIntoViewIfNeeded()
    await shot(page, 'looks-po-detail')
  })

  it("names the wallet's actions 充值 and 取现 as its orders are named", async () => {
    const { page } = phone
    await page.goto(`${base}/fundProductDetail?productCode=000509&productType=wallet`)
    const bar = page.getByTestId('buy-bar')
    await bar.waitFor()
    await expect(bar.innerText()).resolves.toMatch(/充值/)
    await expect(bar.innerText()).resolves.not.toMatch(/买入|卖出/)
    await page.goto(
      `${base}/allot-wallet?productCode=000509&productType=wallet&financialAccountId=1`,
    )
    await page.getByText('充值金额').waitFor()
    await expect(page.getByText(/存入/).count()).resolves.toBe(0)
    // one 起存金额: the wallet's (the broker's super wallet minimum), which rechargeWallet
    // enforces, not the wallet fund's own 0.01 (docs/trading.md#the-wallets-minimum)
    const { minPurchaseAmount } = await apiGet(token, '/product/walletFunds')
    expect(['10.00', '100.00']).toContain(minPurchaseAmount)
    const min = String(Number(minPurchaseAmount))
    await page.getByText(`${min}元起投`).waitFor()
    await shot(page, 'looks-wallet-allot')
    // the wallet's rules on its page say 取现 as its redeem screen and orders do
    await page.goto(`${base}/superWalletDetail`)
    await page.getByText('钱包规则').first().waitFor()
    await expect(page.getByText(/取出/).count()).resolves.toBe(0)
    await expect(page.getByText('普通取现T+1到账', { exact: false }).count()).resolves.toBe(1)
    const floor = page.locator('.pd-kv').filter({ hasText: '起存金额' })
    await expect(floor.locator('.pd-kv__value').innerText()).resolves.toBe(`${minPurchaseAmount}元`)
    await floor.scrollIntoViewIfNeeded()
    await shot(page, 'looks-super-wallet-minimum')
  })

  it('writes each period of 收益率分析 on one line', async () => {
    const { page } = phone
    await page.goto(`${base}/profitAnalysis?financialAccountId=1`)
    const tabs = page.getByTestId('returns-card').locator('.asset-switch__tab')
    await tabs.first().waitFor()
    const lines = await tabs.evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return `${el.textContent} ${range.getClientRects().length}`
      }),
    )
    expect(lines).toEqual(['近1月 1', '近3月 1', '近6月 1', '近1年 1', '今年以来 1', '自定义 1'])
    await expect(overflow(page)).resolves.toBe(0)
  })

  it("draws the holding chart in the broker's theme colour", async () => {
    const { page } = phone
    await page.goto(`${base}/assetsDetail?productCode=004101&productType=fund&financialAccountId=1`)
    const chart = page.getByTestId('asset-trend')
    await chart.waitFor()
    const theme = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--adm-color-primary').trim(),
    )
    expect(theme).toBe('#d6262d') // the demo broker's T1
    await expect(chart.getAttribute('data-color')).resolves.toBe(theme)
    await chart.scrollIntoViewIfNeeded()
    await shot(page, 'looks-holding-chart')
  })
})
