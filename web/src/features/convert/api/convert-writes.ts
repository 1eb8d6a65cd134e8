/**
 * The convert writes (基金转换, orderCode 036). They carry the page's tradeUUID (a repeat
 * returns the first answer) and the trade password, with the terminal details
 * (docs/api.md#transport), and never toast on their own: failures go through useTradeSubmit
 * (docs/api.md#trade-network-errors).
 */
import { post, type CallOptions } from '@/lib/api-client'
import { withTerminal } from '@/lib/terminal'
import type { CancelConvertBody, ConvertBody, ConvertOrder } from './types'

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }

/** POST /trade/convert/do → the 036 parent with its redemption (024) and purchase (022). */
export const convertFund = async (body: ConvertBody) =>
  post<ConvertOrder>('/trade/convert/do', await withTerminal(body), WRITE)

/** POST /trade/convert/cancel → the 036 order, cancelled with its children. */
export const cancelConvert = async (body: CancelConvertBody) =>
  post<ConvertOrder>('/trade/convert/cancel', await withTerminal(body), WRITE)
