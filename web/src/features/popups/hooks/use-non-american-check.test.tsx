import { useState } from 'react'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { useNonAmericanCheck } from './use-non-american-check'

vi.mock('@/lib/toast', () => ({
  showFailToast: () => {},
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
}))

/** A trade page that asks before buying and shows the answer. */
function TradePage({ advisor = false }: { advisor?: boolean }) {
  const check = useNonAmericanCheck()
  const [result, setResult] = useState('')
  return (
    <div>
      <button type="button" onClick={async () => setResult(await check.ensure({ advisor }))}>
        买入
      </button>
      <output>{result && `result:${result}`}</output>
      {check.element}
    </div>
  )
}

let calls: ReturnType<typeof recorder>
const status = (nonAmerican: boolean | null) =>
  server.use(
    http.get(`${API}/tamp/account/nonAmerican`, () =>
      envelope({ nonAmerican, hasAccount: true, declaredAt: null }),
    ),
    http.post(`${API}/account/submitNonAmerican`, () =>
      envelope({ nonAmerican: true, hasAccount: true, declaredAt: null }),
    ),
    http.get(`${API}/utils/getIp`, () => envelope({ ip: '10.0.0.8' })),
  )

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})

const answer = (result: string) => screen.findByText(`result:${result}`)

describe('the non-US declaration in trade mode (docs/product.md#states)', () => {
  it('passes silently when the user has declared', async () => {
    status(true)
    renderAt(<TradePage />)
    fireEvent.click(screen.getByText('买入'))
    await answer('PASS')
    expect(screen.queryByText('非美国税收居民声明')).toBeNull()
  })

  it('asks otherwise, with the advisor text and 同意并签署, and answers SUBMIT', async () => {
    status(false)
    renderAt(<TradePage advisor />)
    fireEvent.click(screen.getByText('买入'))
    await screen.findByText(/签约投顾服务前需确认您的税收居民身份/)
    // Query the button afresh each time: the modal may re-render its footer as it opens.
    const agree = () => screen.getByText('同意并签署').closest('button')!
    expect(agree()).toBeDisabled()
    await userEvent.click(screen.getByRole('checkbox'))
    await waitFor(() => expect(agree()).not.toBeDisabled())
    fireEvent.click(agree())
    await answer('SUBMIT')
    expect(calls.filter((c) => c.path === '/account/submitNonAmerican')).toHaveLength(1)
  })

  it('answers CLOSE when the user cancels, with the trade text for other trades', async () => {
    status(null)
    renderAt(<TradePage />)
    fireEvent.click(screen.getByText('买入'))
    await screen.findByText(/购买该产品前需确认您的税收居民身份/)
    fireEvent.click(screen.getByText('取消'))
    await answer('CLOSE')
  })
})
