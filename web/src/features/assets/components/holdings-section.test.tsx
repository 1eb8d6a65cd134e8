import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { delay } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearCache } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { API, envelope, http, recorder, server } from '@/test/msw'
import { renderAt } from '@/test/render'
import type { AssetList } from '../api/types'
import { assetListCacheKey, saveAssetList } from '../lib/asset-cache'
import { assetGroup, assetItem, assetList } from '../testing'
import { HoldingsSection } from './holdings-section'

// The list's pre-checks have their own tests (features/popups).
vi.mock('@/features/popups', () => ({ HoldingsPreChecks: () => null }))

const account = (id: number, name: string, isDefault = false) => ({
  financialAccountId: id,
  financialAccountName: name,
  financialAccountType: 'normal',
  realFinancialAccount: true,
  isHidden: false,
  isDefault,
  holdingAsset: '0.00',
})

const LIST: AssetList = assetList(
  [
    assetGroup(
      '基金组合',
      [
        assetItem({
          productCode: 'ZH000001',
          productName: '稳健增长组合',
          productType: 'PO',
          holdingAsset: '10500.00',
          preProfit: '12.34',
          holdingProfit: '500.00',
          holdingProfitRate: '0.05',
          accProfit: '620.50',
          isBrokeUp: true,
          tags: ['已拆散'],
        }),
      ],
      '10500.00',
    ),
    assetGroup(
      '单只基金',
      [
        assetItem({
          productCode: '004101',
          productName: '成长精选混合A',
          fundType: 3,
          holdingAsset: '3000.25',
          preProfit: '-8.10',
          holdingProfit: '-99.75',
          holdingProfitRate: '-0.0322',
          accProfit: '-99.75',
          tags: ['暂停申购'],
        }),
        assetItem({
          productCode: '110011',
          productName: '稳健债券A',
          holdingAsset: '1000.00',
          preProfit: '0.20',
          holdingProfit: '1.00',
          holdingProfitRate: '0.001',
          accProfit: '1.00',
        }),
      ],
      // 3000.25 + 1000.00, summed by the server
      '4000.25',
    ),
  ],
  { pendingAmount: '2000.00', pendingCount: 2 },
)

let calls: ReturnType<typeof recorder>
const listCalls = () => calls.filter((c) => c.path === '/account/getAccountAssetDetailByConfig')

function handlers(list: AssetList = LIST, accounts = [account(3, '默认账户', true)], wait = 0) {
  server.use(
    http.get(`${API}/account/getFinancialAccountList`, () =>
      envelope({
        hasFinancialAccount: accounts.length > 0,
        financialAccountList: accounts,
        visibleAccountList: accounts,
        hiddenAccountList: [],
      }),
    ),
    http.get(`${API}/account/getAccountAssetDetailByConfig`, async () => {
      if (wait) await delay(wait)
      return envelope(list as never)
    }),
  )
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  clearCache()
  server.listen({ onUnhandledRequest: 'error' })
  calls = recorder()
  setSession({ accessToken: 't', expiresIn: 7200, brokerUserId: 7, accountId: 5 })
})
afterEach(() => {
  server.resetHandlers()
  server.close()
})

describe('账户持仓 on 我的', () => {
  it('groups the default account holdings by type, with figures, tags and the pending banner', async () => {
    handlers()
    renderAt(<HoldingsSection />)
    await screen.findByText('稳健增长组合')
    expect(listCalls()[0].query).toMatchObject({
      financialAccountId: '3',
      category: 'ALL',
      sort: 'holdingAsset',
      order: 'desc',
      viewType: 'ASSET',
    })
    const groups = screen.getAllByTestId('asset-group')
    expect(groups.map((g) => g.querySelector('.asset-group__head')?.textContent)).toEqual([
      '基金组合10,500.00',
      '单只基金4,000.25',
    ])
    const fund = within(screen.getAllByTestId('asset-item')[1])
    expect(fund.getByText('暂停申购')).toBeInTheDocument()
    expect(fund.getByText('3,000.25')).toBeInTheDocument()
    expect(fund.getByText('-8.10')).toBeInTheDocument()
    expect(fund.getByText('-3.22%')).toBeInTheDocument()
    expect(screen.getByText('当前资产待确认')).toBeInTheDocument()
    expect(screen.getByText(/2笔交易确认中/).textContent).toContain('2,000.00')
  })

  it('hides every amount behind **** when the user hides amounts', async () => {
    handlers()
    renderAt(<HoldingsSection hideAmounts />)
    await screen.findByText('稳健增长组合')
    expect(screen.queryByText('10,500.00')).toBeNull()
    expect(screen.queryByText('+12.34')).toBeNull()
    expect(screen.getAllByText('****').length).toBeGreaterThan(10)
  })

  it('shows 更新中 for 昨日收益 while the day is being valued', async () => {
    handlers({ ...LIST, updating: true })
    renderAt(<HoldingsSection />)
    await screen.findByText('稳健增长组合')
    expect(screen.getAllByText('更新中')).toHaveLength(3)
  })

  it('shows -- for the 持有收益率 of a holding without cost (none from the server), not 0.00%', async () => {
    const item = assetItem({
      productCode: '000606',
      productName: '待确认基金',
      holdingAsset: '0.00',
      holdingProfit: '0.00',
      holdingProfitRate: null,
    })
    handlers(assetList([assetGroup('单只基金', [item], '0.00')]))
    renderAt(<HoldingsSection />)
    const card = within(await screen.findByTestId('asset-item'))
    expect(card.getByText('持有收益').parentElement?.querySelector('em')?.textContent).toBe('--')
    expect(card.queryByText('0.00%')).toBeNull()
  })

  it('shows 卖出中 with the shares of a fund, and without a figure for a portfolio', async () => {
    const fund = assetItem({ redeemingShares: '100.00', isRedeeming: true })
    const po = assetItem({
      productCode: 'ZH000001',
      productName: '稳健增长组合',
      productType: 'PO',
      shares: null,
      redeemingShares: null,
      isRedeeming: true,
    })
    handlers(assetList([assetGroup('基金组合', [po]), assetGroup('单只基金', [fund])]))
    renderAt(<HoldingsSection />)
    await screen.findByText('稳健增长组合')
    const selling = screen.getAllByTestId('asset-item-selling').map((e) => e.textContent)
    expect(selling).toEqual(['卖出中', '卖出中 100.00 份'])
  })

  it('opens brokeUp-assetsDetail for a broken-up portfolio and assetsDetail otherwise', async () => {
    handlers()
    const view = renderAt(<HoldingsSection />)
    fireEvent.click(await screen.findByText('稳健增长组合'))
    await waitFor(() =>
      expect(view.router.state.location.pathname + view.router.state.location.search).toBe(
        '/brokeUp-assetsDetail?productCode=ZH000001&productType=poFund&financialAccountId=3',
      ),
    )
  })

  it('shows 暂无持仓资产 with 创建理财账户 when nothing is held', async () => {
    handlers(assetList([]))
    renderAt(<HoldingsSection />)
    fireEvent.click(await screen.findByText('创建理财账户'))
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(
      'page:/financialAccountManage',
    )
  })

  it('shows the empty state without any financial account', async () => {
    handlers(LIST, [])
    renderAt(<HoldingsSection />)
    expect(await screen.findByText('暂无持仓资产')).toBeInTheDocument()
    expect(screen.getByText('创建理财账户')).toBeInTheDocument()
    expect(listCalls()).toHaveLength(0)
  })

  it('asks with the filter sheet choice', async () => {
    handlers()
    renderAt(<HoldingsSection />)
    await screen.findByText('稳健增长组合')
    fireEvent.click(screen.getByText('筛选'))
    const sheet = within(await screen.findByTestId('asset-filter'))
    fireEvent.click(sheet.getByText('基金组合'))
    fireEvent.click(sheet.getByText('昨日收益'))
    fireEvent.click(sheet.getByText('从低到高'))
    fireEvent.click(sheet.getByText('确定'))
    await waitFor(() =>
      expect(listCalls().at(-1)?.query).toMatchObject({
        category: 'PO',
        sort: 'preProfit',
        order: 'asc',
      }),
    )
    expect(await screen.findByText('基金组合 · 昨日收益从低到高')).toBeInTheDocument()
  })

  it('switches between visible accounts, one list each', async () => {
    handlers(LIST, [account(3, '默认账户', true), account(4, '养老钱')])
    renderAt(<HoldingsSection />)
    await screen.findByText('稳健增长组合')
    fireEvent.click(screen.getByText('养老钱'))
    await waitFor(() => expect(listCalls().at(-1)?.query.financialAccountId).toBe('4'))
  })

  it('renders the cached list at once and refreshes it', async () => {
    saveAssetList(assetListCacheKey(7, 3), 'ALL:holdingAsset:desc', assetList([LIST.groups[1]]))
    handlers(LIST, undefined, 300)
    renderAt(<HoldingsSection />)
    // from the cache, before the answer: the funds only
    expect(await screen.findByText('成长精选混合A')).toBeInTheDocument()
    expect(screen.queryByText('稳健增长组合')).toBeNull()
    // then the fresh answer
    expect(await screen.findByText('稳健增长组合')).toBeInTheDocument()
    expect(listCalls()).toHaveLength(1)
  })

  it('loads behind a skeleton of the cached count when the cache answers another filter', async () => {
    const five = Array.from({ length: 5 }, (_, i) => assetItem({ productCode: `F${i}` }))
    const cached = assetList([assetGroup('单只基金', five)])
    saveAssetList(assetListCacheKey(7, 3), 'PO:preProfit:asc', cached)
    handlers(LIST, undefined, 300)
    renderAt(<HoldingsSection />)
    await waitFor(() => expect(screen.getAllByTestId('asset-skeleton')).toHaveLength(5))
    expect(await screen.findByText('稳健增长组合')).toBeInTheDocument()
  })

  it('loads behind 2 skeleton items without a cache', async () => {
    handlers(LIST, undefined, 300)
    renderAt(<HoldingsSection />)
    await waitFor(() => expect(screen.getAllByTestId('asset-skeleton')).toHaveLength(2))
    expect(await screen.findByText('稳健增长组合')).toBeInTheDocument()
  })
})
