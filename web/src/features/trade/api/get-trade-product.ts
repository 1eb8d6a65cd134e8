import { queryOptions, useQuery } from '@tanstack/react-query'
import { getFundInfo, getPoInfo, type FundInfo, type PoInfo } from '@/features/products'
import type { ProductType } from './types'

/** The product a trade screen buys or sells (the products feature's fund and portfolio info),
 * read into the few figures the screen shows. */

export interface TradeProduct {
  productCode: string
  productType: ProductType
  name: string
  riskLevel: number
  riskLevelName: string
  typeName: string
  minPurchaseAmount: string
  minRedeemShares: string
  minHoldShares: string
  canBuy: boolean
  canRedeem: boolean
  statusText: string
  statusNote: string
  isMoneyMarket: boolean
  fundType: number | null
  tradeLimitStartTime: string | null
  tradeLimitEndTime: string | null
  /** Portfolios: false when a disclosure file is missing (the purchase is refused). */
  disclosureComplete: boolean
  boxMode: string | null
  redeemSettleDays: number | null
  /** A personal pension fund (Y 类份额): bought only with pension money (docs/pension.md). */
  isPension: boolean
}

export function fromFund(f: FundInfo, productType: ProductType): TradeProduct {
  return {
    productCode: f.fundCode,
    productType,
    name: f.shortName || f.fundName,
    riskLevel: f.riskLevel,
    riskLevelName: f.riskLevelName,
    typeName: f.fundTypeName,
    minPurchaseAmount: f.minPurchaseAmount,
    minRedeemShares: f.minRedeemShares,
    minHoldShares: f.minHoldShares,
    canBuy: f.status.canBuy && !f.isDisableBuy,
    canRedeem: f.status.canRedeem,
    statusText: f.status.statusText,
    statusNote: f.status.statusNote,
    isMoneyMarket: f.isMoneyMarket,
    fundType: f.fundType,
    tradeLimitStartTime: f.tradeLimitStartTime ?? null,
    tradeLimitEndTime: f.tradeLimitEndTime ?? null,
    disclosureComplete: true,
    boxMode: null,
    redeemSettleDays: f.redeemSettleDays,
    isPension: f.isPension,
  }
}

export function fromPo(p: PoInfo): TradeProduct {
  return {
    productCode: p.poCode,
    productType: 'PO',
    name: p.poName,
    riskLevel: p.riskLevel,
    riskLevelName: p.riskLevelName,
    typeName: '基金组合',
    minPurchaseAmount: p.minPurchaseAmount,
    minRedeemShares: '0.00',
    minHoldShares: '0.00',
    canBuy: p.status.canBuy && !p.isDisableBuy,
    canRedeem: p.status.canRedeem,
    statusText: p.status.statusText,
    statusNote: p.status.statusNote,
    isMoneyMarket: false,
    fundType: null,
    tradeLimitStartTime: null,
    tradeLimitEndTime: null,
    disclosureComplete: p.disclosureComplete,
    boxMode: p.boxMode,
    redeemSettleDays: null,
    isPension: false,
  }
}

export async function getTradeProduct(
  productCode: string,
  productType: ProductType,
): Promise<TradeProduct> {
  if (productType === 'PO') return fromPo(await getPoInfo({ poCode: productCode }))
  const fund = await getFundInfo({ fundCode: productCode })
  return fromFund(fund, productType)
}

export const tradeProductQueryOptions = (productCode: string, productType: ProductType) =>
  queryOptions({
    queryKey: ['trade', 'product', productCode, productType],
    queryFn: () => getTradeProduct(productCode, productType),
    enabled: !!productCode,
  })

export const useTradeProduct = (productCode: string, productType: ProductType) =>
  useQuery(tradeProductQueryOptions(productCode, productType))
