import { get } from '@/lib/api-client'
import type { HoldingScope } from './get-holding-risk-level'
import type { UnsignedAdvisoryItem } from './types'

export const getAdviserUnsignList = (scope: HoldingScope, poCodeList?: string[]) =>
  get<UnsignedAdvisoryItem[]>(
    '/adviser/unsignList',
    { ...scope, filterExtendTarget: true, poCodeList: poCodeList?.join(',') },
    { quiet: true, cache: false },
  )
