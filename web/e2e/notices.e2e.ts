/** The notice centre (docs/notices.md) on the demo world: 李明 buys a fund, the market moves
 * on (`opentamp market advance`) until the purchase is confirmed, and the badge on 我的 counts
 * one more unread notice — the confirmation, which 消息通知 shows unread in 交易提醒; its
 * detail reads it, the broker's announcement opens with its file, and 全部已读 clears the
 * badge. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, opentamp, press, quietTabPopups, signIn } from './session'

const base = inject('baseURL')
const PASSWORD = '135790'
const FUND = '004104' // 长青红利价值股票

interface Unread {
  total: number
  categories: { category: string; unread: number }[]
}

async function badge(page: Page): Promise<number> {
  await page.goto(`${base}/mine`)
  await page.getByText('消息通知').waitFor()
  const dot = page.getByTestId('mine-notice-badge')
  // the count comes with its own call: wait for it to settle on what the server says
  await page.waitForLoadState('networkidle')
  return (await dot.count()) ? Number(await dot.innerText()) : 0
}

describe('the notice centre', () => {
  let phone: Phone
  let token: string
  let orderNo = ''
  let noticeId = 0
  let before = 0
  const get = (path: string, params: Record<string, string> = {}) => apiGet(token, path, params)

  beforeAll(async () => {
    phone = await openPhone()
    await quietTabPopups(phone.page)
    token = (await signIn(phone.page)).accessToken
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('counts the unread notices on 我的', async () => {
    const unread = (await get('/notice/getUnReadNotice')) as Unread
    before = unread.total
    expect(before).toBeGreaterThan(0) // the demo world's unread notices
    expect(await badge(phone.page)).toBe(before)
    await shot(phone.page, 'notices-mine-badge')
  })

  it('counts one more once a purchase is confirmed', async () => {
    const { page } = phone
    await page.goto(`${base}/allot?productCode=${FUND}&productType=fund`)
    const choose = page.getByText('请选择本次交易使用的理财账户')
    await Promise.race([choose.waitFor(), page.getByTestId('trade-product').waitFor()])
    if (await choose.isVisible()) {
      await page.locator('.adm-list-item').filter({ hasText: '默认账户' }).click()
      await page.getByRole('button', { name: '确定' }).click()
    }
    await page.getByTestId('trade-fee').waitFor()
    await page.getByTestId('trade-amount').click()
    await press(page, '1000')
    await page.getByText('完成', { exact: true }).click()
    await page.locator('.trade-agree .adm-checkbox').click()
    await page.getByTestId('trade-submit').click()
    await page.getByText('请输入交易密码').waitFor()
    await page.locator('.adm-passcode-input:visible').click()
    await press(page, PASSWORD)
    await page.getByTestId('trade-result-status').waitFor()
    orderNo = new URL(page.url()).searchParams.get('brokerOrderNo') ?? ''
    const newest = await get('/notice/getNotice', { size: '1' })
    const lastId: number = newest.list[0]?.noticeId ?? 0
    expect(orderNo).toBeTruthy()
    // placing the order says nothing yet: the notice comes with its confirmation
    expect(((await get('/notice/getUnReadNotice')) as Unread).total).toBe(before)

    let order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    let days = 0
    for (; days < 5 && order.confirmStatus === '0'; days++) {
      await opentamp('market', 'advance', '--days', '1')
      order = await get('/trade/getOrderDetail', { brokerOrderNo: orderNo })
    }
    expect(order.confirmStatus).toBe('2')
    const page1 = await get('/notice/getNotice', { category: 'TRADE', size: '50' })
    const ours = page1.list.filter((n: { link: string }) => n.link.endsWith(orderNo))
    expect(ours).toHaveLength(1) // one notice for the one event
    expect(ours[0]).toMatchObject({ title: '申购已确认', isRead: false })
    noticeId = ours[0].noticeId
    expect(ours[0].content).toContain('长青红利价值股票')
    expect(ours[0].content).toContain(`${order.confirmedAmount}元`)
    // The days the market moved on may have finished other orders of his (a follow, a plan):
    // the badge counts one more for each new notice, ours among them.
    const all = await get('/notice/getNotice', { size: '100' })
    const fresh = all.list.filter((n: { noticeId: number }) => n.noticeId > lastId)
    const after = ((await get('/notice/getUnReadNotice')) as Unread).total
    expect(after).toBe(before + fresh.length)
    if (days === 1)
      expect(fresh.map((n: { noticeId: number }) => n.noticeId)).toEqual([ours[0].noticeId])
    expect(await badge(page)).toBe(after)
    await shot(page, 'notices-mine-badge-after')
  })

  it('shows it in 消息通知 and reads it in 消息详情', async () => {
    const { page } = phone
    await page.getByText('消息通知').click()
    await page.getByTestId('notification').waitFor()
    // other tests of the run confirm purchases too: open this purchase's own notice
    const row = page.locator(`[data-testid="notice-row"][data-notice-id="${noticeId}"]`)
    await row.waitFor()
    await expect(row.getAttribute('class')).resolves.toContain('notice-row--unread')
    await shot(page, 'notices-notification')
    await row.click()
    await page.getByTestId('notice-detail').waitFor()
    await page.getByText('长青红利价值股票', { exact: false }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await shot(page, 'notices-detail')
    const detail = await get('/notice/getNotice', { category: 'TRADE', size: '50' })
    const ours = detail.list.find((n: { link: string }) => n.link.endsWith(orderNo))
    expect(ours.isRead).toBe(true)
  })

  it('opens the broker announcement and its file', async () => {
    const { page } = phone
    await page.goto(`${base}/notification?category=ANNOUNCEMENT`)
    const row = page.getByTestId('notice-row').filter({ hasText: '关于调整基金交易时间的公告' })
    await row.waitFor()
    await shot(page, 'notices-announcements')
    await row.click()
    await page.getByText('公告文件').click()
    await page.getByTestId('notice-files').waitFor()
    await page.getByText('交易时间安排.pdf').waitFor()
    await shot(page, 'notices-files')
  })

  it('全部已读 clears the badge', async () => {
    const { page } = phone
    await page.goto(`${base}/notification`)
    await page.getByTestId('notification').waitFor()
    await page.getByRole('button', { name: '全部已读' }).click()
    await page.getByText('已全部标为已读').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.notice-row--unread').count()).toBe(0)
    await shot(page, 'notices-all-read')
    expect(((await get('/notice/getUnReadNotice')) as Unread).total).toBe(0)
    expect(await badge(page)).toBe(0)
    await shot(page, 'notices-mine-cleared')
  })

  it('asks to acknowledge an announcement that needs it, in 操作确认', async () => {
    const { page } = phone
    await opentamp(
      'notices',
      'announce',
      '--title',
      '关于系统升级的公告',
      '--content',
      '本周六00:00至06:00系统升级，期间暂停交易，请提前安排。',
      '--confirm',
    )
    const pending = await get('/notice/getUserUnreadAnn')
    expect(pending.map((n: { title: string }) => n.title)).toEqual(['关于系统升级的公告'])
    await page.goto(`${base}/operationConfirm`)
    await page.getByTestId('operation-confirm-notice').waitFor()
    await shot(page, 'notices-operation-confirm')
    await page.getByRole('button', { name: '我已知晓' }).click()
    await page.getByText('暂无待确认的消息').waitFor()
    await shot(page, 'notices-operation-confirm-empty')
    expect(await get('/notice/getUserUnreadAnn')).toEqual([])
  })
})
