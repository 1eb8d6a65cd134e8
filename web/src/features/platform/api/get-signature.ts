import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type JsSdkSignature = GetData<'/noauth/utils/signature'>

/** The address the messaging app signs (docs/api.md#platform): the page without its fragment; on
 * iOS the address the web view was first opened with (its JS-SDK keeps that one). */
export function signatureUrl(
  href: string,
  options: { isIOS: boolean; landingUrl?: string | null },
): string {
  const url = options.isIOS && options.landingUrl ? options.landingUrl : href
  return url.split('#')[0]
}

/** The JS-SDK configuration of a page; null when it cannot be had, and then no configuration
 * happens. */
export async function getSignature(url: string): Promise<JsSdkSignature | null> {
  try {
    return await get<JsSdkSignature>('/noauth/utils/signature', { url }, { quiet: true })
  } catch {
    return null
  }
}
