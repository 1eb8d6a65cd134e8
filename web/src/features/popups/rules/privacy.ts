/**
 * The privacy-policy prompt (docs/product.md#states "Privacy-policy consent"): it shows when the
 * latest policy is not signed, the page is not excluded, the client is not the brand's own app and
 * the broker is not excluded. Once signed, the state is cached for the visit (sessionStorage).
 */

/** Pages where the prompt never shows: where the policy itself and other documents are read,
 * and the sign-in, binding and error pages. Public pages are excluded by the host already. */
export const PRIVACY_EXCLUDED_PATHS = [
  'privacy',
  'app/privacy',
  'privacyHistory',
  'iframe',
  'outsideChain',
  'richText',
  'protocolList',
  'productProtocol',
  'identityBinding',
  'error',
  'empower',
]

const SIGNED_KEY = 'opentamp.privacySigned'

export interface PrivacyContext {
  path: string
  isBrandApp: boolean
  brokerExcluded: boolean
}

export function isPrivacyPromptContext({ path, isBrandApp, brokerExcluded }: PrivacyContext) {
  const clean = path.replace(/^\/+|\/+$/g, '')
  return !isBrandApp && !brokerExcluded && !PRIVACY_EXCLUDED_PATHS.includes(clean)
}

export function shouldPromptPrivacy(signedLatest: boolean, context: PrivacyContext): boolean {
  return !signedLatest && isPrivacyPromptContext(context)
}

export function cacheSigned(brokerUserId: number, version: string): void {
  sessionStorage.setItem(SIGNED_KEY, `${brokerUserId}:${version}`)
}

export function isSignedCached(brokerUserId: number): boolean {
  return (sessionStorage.getItem(SIGNED_KEY) ?? '').startsWith(`${brokerUserId}:`)
}
