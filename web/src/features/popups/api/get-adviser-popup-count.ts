import { get } from '@/lib/api-client'
import type { PopupCount } from './types'

export const REFILL_SIGN_SCENE = 'REFILL_SIGN'

/** Whether the refill-signing pop-up may show now (the server counts its shows). */
export const getAdviserPopupCount = (scope: { brokerUserId: number; accountId: number }) =>
  get<PopupCount>(
    '/adviser/popupCount',
    { ...scope, popupScene: REFILL_SIGN_SCENE },
    { quiet: true, cache: false },
  )
