import { MESSAGES, type CallOptions } from '@/lib/api-client'

/** Asset reads toast their failure (the server's message, or 获取资产信息失败 without one,
 * docs/api.md#generic-responses) and the screen shows its own error state instead of the error
 * page. */
export const ASSET_CALL: CallOptions = { errorToast: true, errorFallback: MESSAGES.assetFailed }
