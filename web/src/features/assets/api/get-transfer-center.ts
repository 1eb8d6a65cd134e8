import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /customer/transferCenter: the partner transfer centre's address with a one-time ticket
 * (docs/shelf.md#transfer-centre). `origin` is the partner page framing the app, if any. */
export type TransferCenter = GetData<'/customer/transferCenter'>

/** The origin of the page that frames the app (the partner's), or none. */
export function framingOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestors = window.location.ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0]
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined
  } catch {
    return undefined
  }
}

export const getTransferCenter = (reportId?: string) =>
  get<TransferCenter>(
    '/customer/transferCenter',
    { scene: 'tampReport', reportId, origin: framingOrigin() },
    { errorToast: true, cache: false },
  )
