/**
 * Every product screen of issue #4 on the demo world, fed by the real API: each renders its
 * data (checked by a text it must show) and leaves a screenshot to look at.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')
const api = inject('apiBase')

async function session(page: Page, kind: 'visitor' | 'user'): Promise<void> {
  let value: object
  if (kind === 'visitor') {
    const res = await fetch(`${api}/noauth/store/h5Token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ brokerId: 1001 }),
    })
    const { data } = (await res.json()) as {
      data: { accessToken: string; expiresIn: number; brokerUserId: number }
    }
    value = {
      accessToken: data.accessToken,
      brokerUserId: data.brokerUserId,
      accountId: null,
      expiresAt: Date.now() + 3_600_000,
      visitor: true,
    }
  } else {
    value = { accessToken: '', brokerUserId: 0, accountId: null, expiresAt: 0 }
  }
  await page.addInitScript((v) => {
    if (JSON.parse(v).accessToken) localStorage.setItem('opentamp.session', v)
    localStorage.setItem('opentamp.push.1', new Date().toISOString().slice(0, 10))
  }, JSON.stringify(value))
}

const SCREENS: [string, string, string][] = [
  ['fundProductDetail?productCode=000509&productType=wallet', '七日年化', 'money-market-fund'],
  ['fundProductDetail?productCode=003501&productType=fund', '暂停申购', 'suspended-fund'],
  [
    'fundProductDetail?productCode=005602&productType=fund',
    '期间提交的申请',
    'trading-time-notice',
  ],
  ['poProductDetail?productCode=SI000001&productType=signal', '最新发车', 'signal-product'],
  ['poProductDetail?productCode=CL000001&productType=strategy', '目标止盈', 'target-strategy'],
  ['oldPoProductDetail?productCode=ZH000001&productType=poFund', '组合配置', 'old-po-detail'],
  ['poArchive?productCode=ZH000003', '历年收益', 'po-archive'],
  ['superWalletDetail', '底层货币基金', 'super-wallet'],
  ['productProfile?productCode=004101', '基金托管人', 'product-profile'],
  ['productManager?fundCode=004101', '任职回报', 'product-manager'],
  ['productManagerDetail?managerId=1', '在管基金', 'product-manager-detail'],
  ['organizationInfo?companyId=1', '旗下基金', 'organization-info'],
  ['tradeRules?productCode=006702&productType=fund', '卖出到账', 'trade-rules-qdii'],
  ['productDoc?productCode=004101', '招募说明书', 'product-doc'],
  ['historyDoc?productCode=004101&docType=prospectus', '当前版本', 'history-doc'],
  ['productProtocol?productCode=004101&productType=fund', '基金合同', 'product-protocol'],
  ['protocolList?poCode=ZH000002', '基金组合服务协议', 'protocol-list'],
  ['prodReportList?productCode=002301', '分红公告', 'prod-report-list'],
  ['reportList?productCode=004101', '季度报告', 'report-list'],
  ['fundAlternatePool', '基金备选池', 'fund-pool'],
  ['fundAlternatePoolV2', '入池', 'fund-pool-v2'],
  ['richText?fromModule=protocol&id=2', '隐私政策', 'rich-text'],
  ['articleDetail?id=1', '四季度资产配置展望', 'article-detail'],
  ['adviserArticle?articleId=2', '更多投顾观点', 'adviser-article'],
  ['productDetail?productCode=ZH000005', '闲钱增利组合', 'product-detail-dispatch'],
]

describe('product screens', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await session(phone.page, 'visitor')
  })
  afterAll(async () => {
    await phone?.close()
  })

  for (const [path, text, name] of SCREENS) {
    it(`${path} shows ${text}`, async () => {
      const { page } = phone
      await page.goto(`${base}/${path}`)
      await page.getByText(text).first().waitFor({ timeout: 20_000 })
      await page.waitForLoadState('networkidle')
      await shot(page, `screen-${name}`)
    })
  }

  it('opens a report from the list', async () => {
    const { page } = phone
    await page.goto(`${base}/reportList?productCode=004101`)
    await page.getByText('季度报告').first().click()
    await page.getByTestId('report-detail').waitFor()
    await expect(page.getByTestId('report-detail').innerText()).resolves.toContain(
      '本报告期基金份额净值增长率为',
    )
    await shot(page, 'screen-report-detail')
  })
})

describe('public screens without a session', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await session(phone.page, 'user')
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('the public fund pool takes a visitor token for the link’s broker', async () => {
    const { page } = phone
    await page.goto(`${base}/noauth/fundAlternatePoolV2?teamId=9001&mid=M1001&brokerId=1001`)
    await page.getByTestId('fund-pool').getByText('入池').first().waitFor({ timeout: 20_000 })
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('opentamp.session') ?? '{}'),
    )
    expect(stored.visitor).toBe(true)
    await shot(page, 'screen-noauth-fund-pool')
  })

  it('the algorithm description selects the order-1 option', async () => {
    const { page } = phone
    await page.goto(`${base}/algorithm-description?productCode=SI000001&productType=signal`)
    await page.getByTestId('algorithm-description').waitFor({ timeout: 20_000 })
    await expect(page.getByTestId('algorithm-description').innerText()).resolves.toContain(
      '按组合真实的调仓记录计算',
    )
    await page.getByText('跟车收益').click()
    await expect(page.getByTestId('algorithm-description').innerText()).resolves.toContain(
      '发车倍数',
    )
    await shot(page, 'screen-algorithm-description')
  })

  it('the platform compliance files', async () => {
    const { page } = phone
    await page.goto(`${base}/static/complianceFile`)
    await page.getByText('投资者权益须知').waitFor({ timeout: 20_000 })
    await shot(page, 'screen-compliance-file')
  })
})

describe('the operation push on home', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    // a signed-in user whose other pop-ups of the visit are done: the push is left to show
    await signIn(phone.page, { showPopups: ['push:HOME'] })
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('shows once a day and leads to its page', async () => {
    const { page } = phone
    await page.goto(`${base}/home`)
    const push = page.getByTestId('operation-push')
    await push.waitFor({ timeout: 20_000 })
    await expect(push.innerText()).resolves.toContain('沪深300发车啦')
    await shot(page, 'screen-operation-push')
    await push.getByRole('button', { name: '去看看' }).click()
    await page.waitForURL(/poProductDetail\?productCode=SI000001/)
    await page.goto(`${base}/home`)
    await page.getByTestId('recommendations').getByTestId('product-card').first().waitFor()
    await expect(page.getByTestId('operation-push').count()).resolves.toBe(0)
  })
})
