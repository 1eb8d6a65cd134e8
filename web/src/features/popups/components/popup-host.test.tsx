import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, failure, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { isResignDisabled } from '../rules/payment-resign'
import { PopupHost } from './popup-host'
import { homePopups, privacyContracts } from './popup-host.fixtures'

vi.mock('@/lib/toast', () => ({
  showFailToast: () => {},
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
}))

const USER = 7
const setting = (overrides = {}) => ({
  brokerId: 1001,
  brokerName: '开放财富证券',
  isH5BottomNavEnabled: true,
  accountList: [],
  transferUrl: null,
  isTampCreateAccount: true,
  isDisableOpenAccount: false,
  isDisableBuy: false,
  walletName: '活期宝',
  disableBindMultiCards: false,
  userBankCardBindLimit: 5,
  maxRealFinancialAccountCount: 5,
  isPrivacyPromptDisabled: false,
  isNonAmericanPopupDisabled: false,
  ...overrides,
})

let signed = false
let nonAmericanDeclared = false
let riskIgnored = false
let calls: ReturnType<typeof recorder>

function handlers(options: { setting?: object; scene?: 'fail' | boolean } = {}) {
  server.use(
    http.get(`${API}/tamp/getBrokerPreSetting`, () => envelope(setting(options.setting))),
    http.get(`${API}/account/checkUserLatestContracts`, () => envelope(privacyContracts(signed))),
    http.post(`${API}/account/signLatestContracts`, () => {
      signed = true
      return envelope([])
    }),
    http.get(`${API}/notice/getUserUnreadAnn`, () => envelope([])),
    http.get(`${API}/utils/getIp`, () => envelope({ ip: '10.0.0.8' })),
    http.post(`${API}/tamp/traceLogs`, () => envelope({ saved: true })),
    http.get(`${API}/tamp/account/nonAmerican`, () =>
      envelope({
        nonAmerican: nonAmericanDeclared ? true : null,
        hasAccount: true,
        declaredAt: null,
      }),
    ),
    http.post(`${API}/account/submitNonAmerican`, () =>
      envelope({ nonAmerican: true, hasAccount: true, declaredAt: null }),
    ),
    http.get(`${API}/account/popupScene`, () =>
      options.scene === 'fail'
        ? failure(502, 50000, '系统繁忙')
        : envelope({
            popupScene: 'PAYMENT_RESIGN',
            paymentResign: options.scene ?? true,
            suppressedUntil: null,
          }),
    ),
    http.get(`${API}/account/queryUnsignPayment`, () =>
      envelope({
        paymentMethodId: 31,
        bankName: '招商银行',
        bankCardTail: '1234',
        bankCardPhoneTail: '8000',
        bankNo: '007',
        brokerName: '开放财富证券',
        supportBankSign: true,
      }),
    ),
    http.post(`${API}/account/popupScene`, () =>
      envelope({ popupScene: 'PAYMENT_RESIGN', paymentResign: false, suppressedUntil: null }),
    ),
    http.get(`${API}/toast/isNeedRiskToast`, () =>
      envelope({
        isNeedToast: !riskIgnored,
        hasDoneSurvey: true,
        isExpired: true,
        riskGrade5: 3,
        latestSurveyDate: '2024-11-21',
        ignoredUntil: null,
      }),
    ),
    http.post(`${API}/toast/ignoreRiskToast`, () => envelope({})),
    http.get(`${API}/noauth/popup/list`, () => envelope(homePopups('ACCOUNT'))),
  )
}

const host = (pathname = '/home', tab = true) =>
  renderAt(<PopupHost def={{ access: 'token', tab }} pathname={pathname} />, { path: pathname })

const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  signed = false
  nonAmericanDeclared = false
  riskIgnored = false
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  calls = recorder()
  setSession({
    accessToken: 't',
    expiresIn: 3600,
    brokerUserId: USER,
    accountId: 5,
    brokerId: 1001,
  })
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})

describe('the pop-ups of the tab pages, in order (docs/product.md#states)', () => {
  /** A new app open: a fresh sessionStorage, what the server and localStorage keep stays. */
  const reopen = (view: { unmount: () => void }) => {
    view.unmount()
    sessionStorage.clear()
    clearCache()
    return host()
  }
  /** The pop-up's step is over (for a declaration: once its write is answered), before the
   * next app open starts with a fresh sessionStorage. */
  const stepDone = (step: string) =>
    waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('opentamp.popupsDone') ?? '{}').value).toContain(
        step,
      ),
    )
  /** The pop-up answered closes (after its write is answered, and its closing animation), and
   * no other follows it in this app open. */
  const nothingMore = async () => {
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await new Promise((r) => setTimeout(r, 80))
    expect(screen.queryByRole('dialog')).toBeNull()
  }

  it('shows one pop-up per app open, the most important first', async () => {
    handlers({ scene: 'fail' })
    let view = host()

    // 1. Privacy consent: 不同意 closes the service until 重新授权; 同意 records consent.
    await screen.findByText('隐私政策授权')
    fireEvent.click(screen.getByText('不同意'))
    await screen.findByText('服务暂不可用')
    fireEvent.click(screen.getByText('重新授权'))
    await screen.findByText('隐私政策授权')
    fireEvent.click(screen.getByText('同意'))
    await waitFor(() => expect(posted('/account/signLatestContracts')).toHaveLength(1))
    expect(posted('/account/signLatestContracts')[0].body).toMatchObject({
      brokerUserId: USER,
      contracts: [{ fileType: 'privacyPolicy', version: '2026.11.01' }],
      terminalType: 2,
      terminalIP: '10.0.0.8',
      broker: 1001,
    })
    await waitFor(() => expect(screen.queryByText('隐私政策授权')).toBeNull())
    await nothingMore()
    expect(calls.some((c) => c.path === '/tamp/account/nonAmerican')).toBe(false)

    // 2. Next open: the non-US declaration, 同意 only once the agreement is ticked.
    view = reopen(view)
    await screen.findByText('非美国税收居民声明', { selector: '.adm-modal-title' })
    // Query the button afresh each time: the modal may re-render its footer as it opens.
    const agree = () => screen.getByText('同意', { selector: 'button span' }).closest('button')!
    expect(agree()).toBeDisabled()
    await userEvent.click(screen.getByRole('checkbox'))
    await waitFor(() => expect(agree()).not.toBeDisabled())
    fireEvent.click(agree())
    await waitFor(() => expect(posted('/account/submitNonAmerican')).toHaveLength(1))
    expect(posted('/account/submitNonAmerican')[0].body).toMatchObject({ nonAmerican: true })
    await stepDone('nonAmerican')
    await nothingMore()

    // 3. Next open: payment re-sign (the scene could not be fetched, which means re-sign).
    nonAmericanDeclared = true
    view = reopen(view)
    await screen.findByText(/尾号1234的招商银行卡需重新签约支付通道/)
    fireEvent.click(screen.getByText('暂不签约'))
    await waitFor(() => expect(posted('/account/popupScene')).toHaveLength(1))
    expect(posted('/account/popupScene')[0].body).toMatchObject({ popupScene: 'PAYMENT_RESIGN' })
    expect(isResignDisabled(USER)).toBe(true)
    await stepDone('paymentResign')
    await nothingMore()

    // 4. Next open: risk-test expiry; 暂不测评 ignores it for 1 month.
    view = reopen(view)
    await screen.findByText(/您的风险测评结果已过期（测评日期 2024-11-21）/)
    fireEvent.click(screen.getByText('暂不测评'))
    await waitFor(() => expect(posted('/toast/ignoreRiskToast')).toHaveLength(1))
    expect(posted('/toast/ignoreRiskToast')[0].body).toMatchObject({ ignoreMonths: 1 })
    await stepDone('riskExpiry')
    await nothingMore()

    // 5. Next open: the broker's operation pop-up of 首页, meant for account holders.
    riskIgnored = true
    reopen(view)
    await screen.findByText('定投计划，省心积累')
    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    await waitFor(() => expect(screen.queryByText('定投计划，省心积累')).toBeNull())
  })

  it('never shows an operation pop-up meant for account holders to a user without one', async () => {
    signed = true
    nonAmericanDeclared = true
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: USER, accountId: null })
    handlers({ scene: false })
    host()
    await waitFor(() => expect(calls.some((c) => c.path === '/noauth/popup/list')).toBe(true))
    await nothingMore()
    expect(screen.queryByText('定投计划，省心积累')).toBeNull()
  })

  it('shows nothing more once each has had its turn this visit', async () => {
    signed = true
    handlers({ scene: false })
    sessionStorage.setItem(
      'opentamp.popupsDone',
      JSON.stringify({
        value: ['nonAmerican', 'paymentResign', 'riskExpiry', 'operation:HOME'],
        expires: null,
      }),
    )
    host()
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/account/checkUserLatestContracts')).toBe(true),
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.some((c) => c.path === '/noauth/popup/list')).toBe(false)
  })

  it('skips the privacy prompt for an excluded broker, and on excluded pages', async () => {
    handlers({ setting: { isPrivacyPromptDisabled: true }, scene: false })
    sessionStorage.setItem(
      'opentamp.popupsDone',
      JSON.stringify({ value: ['nonAmerican', 'riskExpiry', 'operation:HOME'], expires: null }),
    )
    host()
    await waitFor(() => expect(calls.some((c) => c.path === '/account/popupScene')).toBe(true))
    expect(screen.queryByText('隐私政策授权')).toBeNull()
    expect(calls.some((c) => c.path === '/account/checkUserLatestContracts')).toBe(false)
  })

  it('shows only privacy consent off the tab pages, and nothing to visitors', async () => {
    handlers()
    const view = host('/allot', false)
    await screen.findByText('隐私政策授权')
    view.unmount()
    localStorage.clear()
    const visitor = renderAt(<PopupHost def={{ access: 'token', tab: true }} pathname="/home" />)
    expect(visitor.container.innerHTML).toBe('')
  })

  it('does not prompt for payment re-sign when the server says no', async () => {
    signed = true
    handlers({ scene: false })
    sessionStorage.setItem(
      'opentamp.popupsDone',
      JSON.stringify({ value: ['nonAmerican'], expires: null }),
    )
    host()
    await screen.findByText(/您的风险测评结果已过期/)
    expect(screen.queryByText(/需重新签约支付通道/)).toBeNull()
    expect(calls.some((c) => c.path === '/account/queryUnsignPayment')).toBe(false)
  })
})
