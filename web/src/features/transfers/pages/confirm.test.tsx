import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import { writeDraft } from '../lib/draft'
import ConfirmPage from './confirm'

const account = (id: number, name: string) => ({
  financialAccountId: id,
  financialAccountName: name,
  financialAccountType: 'normal',
  realFinancialAccount: true,
  isHidden: false,
  isDefault: id === 1,
  holdingAsset: null,
  holdingProfit: null,
  accumulatedProfit: null,
  previousProfit: null,
  profitProgress: null,
  updateDate: null,
  serviceAccountInfo: null,
})

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
  writeDraft({
    source: 'manual',
    sourcePlatform: '某平台',
    financialAccountId: 2,
    rows: [
      {
        key: 'r1',
        fundCode: '000001',
        fundName: '华夏成长混合',
        shares: '1000.00',
        cost: '1200.00',
        status: 'edited',
        message: '',
        given: '',
      },
    ],
  })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('确认转入', () => {
  it('shows a loading bar, not --, for the account while the accounts load, then its name', async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.get(`${API}/account/getFinancialAccountList`, async () => {
        await answered
        return envelope({
          hasFinancialAccount: true,
          financialAccountList: [account(1, '默认账户'), account(2, '养老钱')],
        })
      }),
    )
    renderAt(<ConfirmPage />)
    const target = await screen.findByTestId('transfer-target')
    expect(target).not.toHaveTextContent('--')
    expect(target.querySelector('.adm-skeleton')).not.toBeNull()
    answer()
    expect(await screen.findByText(/转入到：养老钱/)).toBeTruthy()
    expect(target.querySelector('.adm-skeleton')).toBeNull()
    expect(target).toHaveTextContent('转入到：养老钱 · 原平台：某平台')
  })
})
