/** The error page's four types and rules, the chunk-load failure screen, the store-link check
 * and the preview banner, in the built app against the demo world
 * (docs/product.md#screens-and-routes, docs/api.md#errors). */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { signIn } from './session'

const base = inject('baseURL')
const payload = encodeURIComponent(JSON.stringify({ path: '/about-us', query: '?from=error' }))

describe('the error page', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('load error: 加载失败，请刷新重试, and 重试 goes back to the page in the payload', async () => {
    const { page } = phone
    await page.goto(`${base}/error?type=load&payload=${payload}`)
    await page.getByText('加载失败，请刷新重试').waitFor()
    expect(await page.title()).toMatch(/^出错了( - .+)?$/)
    await shot(page, 'error-load')
    await page.getByRole('button', { name: '重试' }).click()
    await page.waitForURL(`${base}/about-us?from=error`)
  })

  it('offline: 暂无网络,请检查网络后重试, and its retry says so again while offline', async () => {
    const { page, context } = phone
    await page.goto(`${base}/error?type=offline&payload=${payload}`)
    await page.getByText('暂无网络,请检查网络后重试').waitFor()
    await shot(page, 'error-offline')
    await context.setOffline(true)
    await page.getByRole('button', { name: '重试' }).click()
    await page.getByText('暂无网络,请检查网络后重试！').waitFor()
    await context.setOffline(false)
    expect(page.url()).toContain('/error?type=offline')
  })

  it('custom: 页面加载失败 with 返回, which leads back to the app', async () => {
    const { page } = phone
    await page.goto(`${base}/error?type=custom`)
    await page.getByText('页面加载失败').waitFor()
    await expect(page.getByRole('button', { name: '重试' }).count()).resolves.toBe(0)
    await shot(page, 'error-custom')
    await page.getByRole('button', { name: '返回' }).click()
    // Not inside a host app: 返回 goes to the app's home, open to a visitor.
    await page.waitForURL(`${base}/home`)
  })

  it('toastText shows as a failure toast, and hideRetryBtn hides 重试', async () => {
    const { page } = phone
    await page.goto(
      `${base}/error?type=load&hideRetryBtn=true&toastText=${encodeURIComponent('订单查询失败')}`,
    )
    await page.getByText('加载失败，请刷新重试').waitFor()
    await expect(page.getByRole('button', { name: '重试' }).count()).resolves.toBe(0)
    await page.locator('.adm-toast-main').getByText('订单查询失败').waitFor()
    await shot(page, 'error-toast')
  })

  it('an unknown type reads as the load error', async () => {
    const { page } = phone
    await page.goto(`${base}/error?type=nonsense`)
    await page.getByText('加载失败，请刷新重试').waitFor()
  })
})

describe('the service error with customer service', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('lists what to try and offers the customer-service tab, which collapses', async () => {
    const { page } = phone
    await signIn(page)
    await page.goto(`${base}/error?type=service&payload=${payload}`)
    await page.getByText('服务暂时无法访问').waitFor()
    await page.getByText('稍等5分钟后再试').waitFor()
    await page.locator('.cs-tab--expanded').getByText('在线客服').waitFor()
    await shot(page, 'error-service')
    // It collapses to its icon after a few seconds.
    await page.locator('.cs-tab--expanded').waitFor({ state: 'detached', timeout: 10_000 })
    await page.locator('.cs-tab').waitFor()
    // A tap reads the broker's configuration (the demo desk is a phone number).
    const config = page.waitForResponse((r) => r.url().includes('/app/customerServiceConfig'))
    await page.locator('.cs-tab').click()
    const body = await (await config).json()
    expect(body.data.chatUrl).toBe('tel:4008001001')
  })
})

describe('the chunk-load failure screen', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('shows 加载失败了 after 3 retries, and 重新加载 reloads with the refresh marker', async () => {
    const { page } = phone
    const tried: string[] = []
    await page.route('**/assets/error-page-*.js*', async (route) => {
      tried.push(new URL(route.request().url()).search)
      await route.abort()
    })
    await page.goto(`${base}/error?type=load`)
    await page.getByText('加载失败了').waitFor()
    // The first try, then 3 retries, each with a retry timestamp.
    expect(tried).toHaveLength(4)
    expect(tried.slice(1).every((q) => /^\?t=\d+$/.test(q))).toBe(true)
    await shot(page, 'chunk-load-failure')
    await page.unroute('**/assets/error-page-*.js*')
    const marker = page.waitForEvent('load')
    await page.getByRole('button', { name: '重新加载' }).click()
    await marker
    await page.getByText('加载失败，请刷新重试').waitFor()
    // The reload worked: the marker is cleared.
    await expect(
      page.evaluate(() => sessionStorage.getItem('opentamp.chunkRefresh')),
    ).resolves.toBeNull()
  })

  it('says 资源加载失败，请重试 once a visit when another asset fails', async () => {
    const { page } = phone
    await page.goto(`${base}/about-us`)
    await page.locator('.page-header').waitFor()
    const addBrokenImage = () =>
      page.evaluate(() => {
        const img = document.createElement('img')
        img.src = `/h5/opentamp-trade-h5/no-such-picture-${Math.random()}.png`
        document.body.appendChild(img)
      })
    await addBrokenImage()
    await page.locator('.adm-toast-main').getByText('资源加载失败，请重试').waitFor()
    await page.locator('.adm-toast-main').waitFor({ state: 'detached', timeout: 10_000 })
    // listen before the picture is asked for: its 404 may come back at once
    const answered = page.waitForResponse((r) => r.url().includes('no-such-picture'))
    await addBrokenImage()
    await answered
    await expect(page.locator('.adm-toast-main').count()).resolves.toBe(0)
  })
})

describe('entry rules', () => {
  let phone: Phone
  beforeAll(async () => {
    phone = await openPhone()
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('blocks a page that needs the broker when the store link is wrong', async () => {
    const { page } = phone
    await page.goto(`${base}/login?teamId=424242&mid=NOPE&brokerId=1001`)
    await page.getByText('商户信息传入有误，链接无法打开').waitFor()
    await shot(page, 'store-link-error')
  })

  it('opens it for a correct store link, and completes the broker from the server', async () => {
    const { page, context } = phone
    await context.clearCookies()
    const fresh = await context.newPage()
    await fresh.goto(`${base}/login?teamId=9154`)
    await fresh.locator('.page-header').getByText('登录').waitFor()
    await fresh.getByPlaceholder('请输入手机号').waitFor() // the sign-in page itself, not the error
    const broker = await fresh.evaluate(() => localStorage.getItem('opentamp.broker'))
    expect(JSON.parse(broker ?? '{}').value).toMatchObject({
      brokerId: 1154,
      teamId: 9154,
      mid: 'M1154',
      name: '华信投顾',
    })
    await fresh.close()
    void page
  })

  it('shows the preview banner on a preview link', async () => {
    const phone2 = await openPhone()
    try {
      await phone2.page.goto(`${base}/about-us?preview=1`)
      await phone2.page.getByText('当前为预览模式，请勿直接使用此链接').waitFor()
      await shot(phone2.page, 'preview-banner')
    } finally {
      await phone2.close()
    }
  })
})
