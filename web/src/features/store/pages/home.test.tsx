import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import Home from './home'

const TEAM = { teamId: 9154, name: '开源财富', slogan: '稳健理财', brief: '', logo: '' }

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'bypass' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('首页 without layout shift (docs/architecture.md#first-load)', () => {
  it('keeps the sections behind a skeleton until each has its first answer, then shows them together', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get(`${API}/noauth/store/team/detail`, () => envelope(TEAM)),
      http.get(`${API}/noauth/store/pageConfig`, () =>
        envelope({
          components: [
            { componentId: 1, type: 'NOTICE', title: '公告' },
            { componentId: 2, type: 'RECOMMEND', title: '精选推荐' },
          ],
        }),
      ),
      http.get(`${API}/noauth/store/announcements`, () =>
        envelope({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
      ),
      http.get(`${API}/noauth/store/recommendations`, async () => {
        await held
        return envelope([])
      }),
    )
    const { container } = renderAt(<Home />, { path: '/home', at: '/home?teamId=9154' })
    await screen.findByText('开源财富')
    await waitFor(() =>
      expect(
        container.querySelector('.show-together__pending [data-testid="recommendations"]'),
      ).not.toBeNull(),
    )
    // the recommendations' answer is still out: the sections wait, hidden, behind the skeleton
    expect(container.querySelector('.store-home__skeleton')).not.toBeNull()
    expect(container.querySelector('.show-together__pending')?.getAttribute('aria-hidden')).toBe(
      'true',
    )

    release()
    await waitFor(() => expect(container.querySelector('.store-home__skeleton')).toBeNull())
    expect(container.querySelector('.show-together__pending')).toBeNull()
    expect(await screen.findByText('暂无推荐产品')).toBeVisible()
  })
})
