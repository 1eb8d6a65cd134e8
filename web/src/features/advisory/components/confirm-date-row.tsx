import { KeyValue } from '@/components/section'
import type { DisplayStatus } from '@/lib/order-status'
import { confirmDateOf, type Order } from '@/features/trade'
import { confirmDateLabel } from '../lib/texts'

/** The 确认日 / 预计确认日 row of an order's detail (fa/order, advisor/transactionDetail): none for
 * an order cancelled or failed without a confirmation, which has no day to expect. */
export function ConfirmDateRow({
  order,
  status,
}: {
  order: Pick<Order, 'confirmDate' | 'confirmedAt'>
  status: DisplayStatus
}) {
  const date = confirmDateOf(order, status)
  if (!date) return null
  return <KeyValue label={confirmDateLabel(date)}>{date.date}</KeyValue>
}
