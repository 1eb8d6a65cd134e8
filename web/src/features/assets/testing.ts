/** Payload factories for this feature's tests, with keyword defaults (used by tests only). */
import type { AssetGroup, AssetItem, AssetList, TradePoint } from './api/types'

export function assetItem(extra: Partial<AssetItem> = {}): AssetItem {
  return {
    productCode: '004101',
    productName: '成长精选混合A',
    productType: 'FUND',
    fundType: null,
    holdingAsset: '0.00',
    preProfit: '0.00',
    holdingProfit: '0.00',
    holdingProfitRate: '0.0000',
    accProfit: '0.00',
    shares: '0.00',
    pendingAmount: '0.00',
    pendingCount: 0,
    redeemingShares: '0.00',
    isRedeeming: false,
    profitDate: '2026-11-19',
    isBrokeUp: false,
    tags: [],
    ...extra,
  }
}

export function assetGroup(
  typeName: string,
  items: AssetItem[],
  holdingAsset = '0.00',
): AssetGroup {
  return { typeName, holdingAsset, items }
}

export function assetList(groups: AssetGroup[], extra: Partial<AssetList> = {}): AssetList {
  return { pendingAmount: '0.00', pendingCount: 0, updating: false, groups, ...extra }
}

export function trade(extra: Partial<TradePoint> = {}): TradePoint {
  return {
    brokerOrderNo: 'B1',
    date: '2026-11-02',
    orderCode: '022',
    confirmStatus: '2',
    amount: '0.00',
    shares: '0.00',
    ...extra,
  }
}
