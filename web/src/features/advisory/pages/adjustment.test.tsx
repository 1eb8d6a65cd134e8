import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import type { Adjustment } from '../api/types'
import AdjustmentPage from './adjustment'

const done: Adjustment = {
  adjustmentId: 1,
  serviceAccountId: 1,
  poCode: 'ZH000007',
  poName: '全权委托·均衡投顾',
  serviceName: '全权委托·均衡投顾',
  status: 'DONE',
  trigger: 'PROACTIVE',
  modelKind: 'standard',
  chartMode: '',
  reason: '权益估值回升，适度增加纯债与黄金。',
  createTime: '2026-10-16T10:00:00+08:00',
  expireTime: null,
  brokerOrderNo: null,
  failReason: '',
  itemList: [
    {
      fundCode: '002301',
      fundName: '远航纯债债券型证券投资基金A',
      weightBefore: '0.3',
      weightAfter: '0.35',
      currentWeight: '0.3496',
    },
  ],
  historyList: [
    {
      fromStatus: null,
      toStatus: 'UNCOMMITTED',
      time: '2026-10-16T10:00:00+08:00',
      actor: 'adviser',
    },
    {
      fromStatus: 'UNCOMMITTED',
      toStatus: 'DONE',
      time: '2026-10-20T20:00:00+08:00',
      actor: 'system',
    },
  ],
} as unknown as Adjustment

beforeEach(() => {
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('调仓 处理记录', () => {
  it('says who moved the adjustment on in Chinese (投顾, 系统), not the stored actor', async () => {
    server.use(http.get(`${API}/serviceAccount/adjustment/detail`, () => envelope(done)))
    renderAt(<AdjustmentPage />, { at: '/?adjustmentId=1' })
    const history = (await screen.findByText('处理记录')).closest('section') ?? document.body
    expect(within(history as HTMLElement).getByText('投顾')).toBeTruthy()
    expect(within(history as HTMLElement).getByText('系统')).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/adviser|system/)
  })
})

describe("a robo account's 调仓", () => {
  it("is titled with the account's own name, not the robo strategy's", async () => {
    const robo = { ...done, poName: '智能投顾·目标规划', serviceName: '稳健配置' }
    server.use(http.get(`${API}/serviceAccount/adjustment/detail`, () => envelope(robo)))
    renderAt(<AdjustmentPage />, {
      path: '/advisor/adjustment',
      at: '/advisor/adjustment?adjustmentId=1',
    })
    expect((await screen.findByTestId('fa-adjustment-title')).textContent).toBe('稳健配置')
    expect(document.body.textContent).not.toContain('智能投顾·目标规划')
  })

  it('opens its order on the robo 交易详情', async () => {
    const robo = { ...done, serviceAccountId: 8, brokerOrderNo: 'P04X1', serviceName: '稳健配置' }
    server.use(http.get(`${API}/serviceAccount/adjustment/detail`, () => envelope(robo)))
    renderAt(<AdjustmentPage />, {
      path: '/advisor/adjustment',
      at: '/advisor/adjustment?adjustmentId=1',
    })
    fireEvent.click(await screen.findByText('查看 ›'))
    expect(screen.getByTestId('elsewhere').textContent).toBe(
      'page:/advisor/transactionDetail?serviceAccountId=8&brokerOrderNo=P04X1',
    )
  })
})
