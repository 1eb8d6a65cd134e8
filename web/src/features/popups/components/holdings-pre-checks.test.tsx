import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { HoldingsPreChecks, PRE_CHECK_ORDER } from './holdings-pre-checks'
import { signFailureText } from './refill-sign-modal'
import { ApiError } from '@/lib/api-client'

const toasts = vi.hoisted(() => [] as string[])
vi.mock('@/lib/toast', () => ({
  showFailToast: (t: string) => void toasts.push(t),
  showToast: () => {},
  showSuccessToast: (t: string) => void toasts.push(t),
  showLoading: () => () => {},
}))

const scope = { brokerUserId: 7, accountId: 5, financialAccountId: 3 }
const item = (poCode: string, poName: string, isTransferProd = false) => ({
  poCode,
  poName,
  fileList: [
    { fileId: `${poCode}-f`, name: `${poName}服务协议`, fileUrl: 'https://docs.example.org/a' },
  ],
  adviserFeeInfo: { feeUpperLimitStr: '0.5%/年' },
  isTransferProd,
})

let calls: ReturnType<typeof recorder>
const gets = () => calls.filter((c) => c.method === 'GET').map((c) => c.path)
const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path)

function handlers(options: {
  mismatch?: boolean
  canPopup?: boolean
  unsigned?: ReturnType<typeof item>[]
  resign?: ReturnType<typeof item>[]
  riskFails?: boolean
}) {
  server.use(
    http.get(`${API}/account/holdingAssets/riskLevel`, () =>
      options.riskFails
        ? failure(500, 50000, '系统繁忙')
        : envelope({
            riskGrade5: 2,
            holdingAssetsList: options.mismatch
              ? [{ productName: '测试成长混合', productCode: '000123', amacRisk5Level: 4 }]
              : [],
          }),
    ),
    http.get(`${API}/adviser/popupCount`, () => envelope({ canPopup: options.canPopup ?? true })),
    http.get(`${API}/adviser/unsignList`, () => envelope(options.unsigned ?? [])),
    http.get(`${API}/adviser/needResignList`, () => envelope(options.resign ?? [])),
    http.post(`${API}/adviser/sign`, () => envelope(null)),
    http.get(`${API}/utils/getIp`, () => envelope({ ip: '10.0.0.8' })),
    http.post(`${API}/tamp/traceLogs`, () => envelope({ saved: true })),
  )
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  toasts.length = 0
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})

describe('the holdings list pre-checks (docs/product.md#states)', () => {
  it('run in order: risk mismatch, refill signing, strategy-manual change', async () => {
    expect(PRE_CHECK_ORDER).toEqual(['riskMismatch', 'refillSign', 'strategyManual'])
    handlers({
      mismatch: true,
      unsigned: [item('ZH001', '稳健组合'), item('ZH002', '进取组合')],
      resign: [item('CL001', '目标策略')],
    })
    const onDone = vi.fn()
    renderAt(<HoldingsPreChecks scope={scope} onDone={onDone} />)

    // 1. Risk mismatch, the choice logged.
    await screen.findByText('持仓风险提示')
    expect(screen.getByText(/稳健型（C2）/)).toBeInTheDocument()
    expect(screen.getByText('R4')).toBeInTheDocument()
    expect(gets()).not.toContain('/adviser/unsignList')
    fireEvent.click(screen.getByText('确认继续持有'))
    await waitFor(() => expect(posted('/tamp/traceLogs')).toHaveLength(1))
    expect(posted('/tamp/traceLogs')[0].body).toMatchObject({
      event: 'riskMismatchKeep',
      traceInfo: { products: ['000123'], riskGrade5: 2 },
    })

    // 2. Refill signing: the sign button needs at least one item.
    await screen.findByText('补签投顾服务协议')
    expect(gets()).toEqual(expect.arrayContaining(['/adviser/popupCount', '/adviser/unsignList']))
    const sign = () => screen.getByRole('button', { name: /确认签署|签署中/ })
    fireEvent.click(screen.getByText('稳健组合'))
    fireEvent.click(screen.getByText('进取组合'))
    expect(sign()).toBeDisabled()
    fireEvent.click(screen.getByText('进取组合'))
    expect(sign()).not.toBeDisabled()
    fireEvent.click(sign())
    fireEvent.click(sign()) // a second tap while sending is ignored
    await waitFor(() => expect(posted('/adviser/sign')).toHaveLength(1))
    expect(posted('/adviser/sign')[0].body).toMatchObject({
      brokerUserId: 7,
      accountId: 5,
      financialAccountId: 3,
      requiredSignList: [{ poCode: 'ZH002', fileIdList: ['ZH002-f'], isTransferProd: false }],
      terminalType: 2,
    })
    // the request is recorded when it leaves, the toast comes with its answer
    await waitFor(() => expect(toasts).toContain('已签署成功'))

    // 3. The strategy-manual change, re-signing.
    await screen.findByText('策略说明书变更提示')
    expect(screen.getByText(/最长运作期限2年/)).toBeInTheDocument()
    fireEvent.click(screen.getByText('确认签署'))
    await waitFor(() => expect(posted('/adviser/sign')).toHaveLength(2))
    expect(posted('/adviser/sign')[1].body).toMatchObject({ isResign: true })
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        riskMismatch: 'KEEP',
        refillSign: 'SUBMIT',
        strategyManual: 'SUBMIT',
      }),
    )
  })

  it('passes steps with nothing to show, and one whose call fails', async () => {
    handlers({ riskFails: true, canPopup: false, resign: [] })
    const onDone = vi.fn()
    renderAt(<HoldingsPreChecks scope={scope} onDone={onDone} />)
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        riskMismatch: 'PASS',
        refillSign: 'PASS',
        strategyManual: 'PASS',
      }),
    )
    // The pop-up count said no: the unsigned list is not even asked for.
    expect(gets()).not.toContain('/adviser/unsignList')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a transfer product cannot be closed: 返回 instead of 暂不签署', async () => {
    handlers({ unsigned: [item('ZH009', '转入组合', true)] })
    renderAt(<HoldingsPreChecks scope={scope} />)
    await screen.findByText('补签投顾服务协议')
    expect(screen.getByText('返回')).toBeInTheDocument()
    expect(screen.queryByText('暂不签署')).toBeNull()
  })

  it('closing gives CLOSE, and the checks run once a visit', async () => {
    handlers({ unsigned: [item('ZH001', '稳健组合')] })
    const onDone = vi.fn()
    const view = renderAt(<HoldingsPreChecks scope={scope} onDone={onDone} />)
    await screen.findByText('补签投顾服务协议')
    fireEvent.click(screen.getByText('暂不签署'))
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        riskMismatch: 'PASS',
        refillSign: 'CLOSE',
        strategyManual: 'PASS',
      }),
    )
    view.unmount()
    calls.length = 0
    renderAt(<HoldingsPreChecks scope={scope} />)
    await new Promise((r) => setTimeout(r, 30))
    expect(calls).toEqual([])
  })

  it('a failed signing shows the server’s message if it had a code, else 网络错误', () => {
    expect(signFailureText(new ApiError('协议版本已更新', 65001, 400, 'x'))).toBe('协议版本已更新')
    expect(
      signFailureText(new ApiError('网络超时，请检查网络环境', -1, undefined, 'ECONNABORTED')),
    ).toBe('网络错误')
    expect(signFailureText(new Error('x'))).toBe('网络错误')
  })
})
