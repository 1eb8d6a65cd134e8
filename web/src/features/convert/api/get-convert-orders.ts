import { useOrders } from '@/features/trade'

/** The business code of a conversion (docs/rules.md#fund-trading). */
export const CONVERT_ORDER_CODE = '036'

/** GET /trade/getAllOrders?orderCode=036: the user's conversions, newest first, 10 a page. */
export const useConvertOrders = () => useOrders({ orderCode: CONVERT_ORDER_CODE })
