import { get } from '@/lib/api-client'
import type { HoldingRiskLevel } from './types'

export interface HoldingScope {
  brokerUserId: number
  accountId: number
  financialAccountId?: number | string | null
}

export const getHoldingRiskLevel = (scope: HoldingScope) =>
  get<HoldingRiskLevel>('/account/holdingAssets/riskLevel', scope, { quiet: true, cache: false })
