/**
 * Payload types of the convert calls (基金转换, orderCode 036; docs/trading.md), from the
 * generated OpenAPI schema (src/api/schema.d.ts). Shares and amounts are strings of 2
 * decimals, NAVs 4, rates decimals ("0.015"), as every trade call answers them.
 */
import type { Order } from '@/features/trade'
import type { GetData, Schemas } from '@/lib/api-types'

/** GET /trade/convert/prepare: the fund converted out, the funds it may go into, and with a
 * target and shares the estimate of the conversion. */
export type ConvertPrepare = GetData<'/trade/convert/prepare'>

/** A fund of the same company that the shares may be converted into. */
export type ConvertTarget = Schemas['ConvertTargetOut']

/** What converting `shares` is expected to cost and bring, at the latest NAVs. */
export type ConvertEstimate = Schemas['ConvertEstimateOut']

/** POST /trade/convert/do */
export type ConvertBody = Schemas['ConvertIn']

/** POST /trade/convert/cancel */
export type CancelConvertBody = Schemas['ConvertCancelIn']

/** The convert parent order: productCode is the fund converted out; extMetaInfo names the
 * fund converted into; its children are the redemption (024) and the purchase (022). */
export type ConvertOrder = Order
