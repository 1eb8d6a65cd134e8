import { get } from '@/lib/api-client'
import type { UnsignedAdvisoryItem } from './types'

export const getAdviserNeedResignList = (scope: { brokerUserId: number; accountId: number }) =>
  get<UnsignedAdvisoryItem[]>('/adviser/needResignList', scope, { quiet: true, cache: false })
