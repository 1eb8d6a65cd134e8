import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons'
import type { DisplayStatus } from '@/lib/order-status'

/** The big icon of a result: done, failed or cancelled, or waiting. */
export function StatusIcon({ status }: { status: DisplayStatus }) {
  const style = { fontSize: 56 }
  if (status === 'success') return <CheckCircleFill style={{ ...style, color: '#12824a' }} />
  if (status === 'fail' || status === 'cancel')
    return <CloseCircleFill style={{ ...style, color: 'var(--app-rise)' }} />
  return <ClockCircleFill style={{ ...style, color: '#ff8f1f' }} />
}
