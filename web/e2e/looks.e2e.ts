/**
 * The looks of the first-ten-minutes issue at 375×812, for the demo user: the card-change form
 * uses the app's own Chinese picture control and fits the screen; charts, percentages and
 * labels read one way across the app.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPhone, shot, type Phone } from './browser'
import { pngFile } from './images'
import { signIn } from './session'

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

describe('the looks of the app', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
    await signIn(phone.page)
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('changeCard/applyEdit uses the Chinese picture control and does not overflow', async () => {
    const { page } = phone
    await page.goto(`${base}/changeCard/applyEdit`)
    await page.getByText('选择要更换的银行卡').waitFor()
    await page.getByText('上传证明材料').waitFor()
    await expect(page.locator('input[type=file]:visible').count()).resolves.toBe(0)
    await expect(page.getByText(/Choose File|No file chosen/).count()).resolves.toBe(0)
    await expect(overflow(page)).resolves.toBe(0)
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/utils/uploadOssResource')),
      page.getByLabel('上传证明材料').setInputFiles(pngFile('proof.png', 600, 400)),
    ])
    await page.getByRole('img', { name: '证明材料1' }).waitFor()
    await page.getByText('上传证明材料').scrollIntoViewIfNeeded()
    await expect(overflow(page)).resolves.toBe(0)
    await shot(page, 'looks-change-card-apply-edit')
  })
})
