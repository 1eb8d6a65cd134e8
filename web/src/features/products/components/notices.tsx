import { NoticeBar } from 'antd-mobile'
import '@/components/product-page.css'

interface Status {
  statusText: string
  statusNote: string
}

/** The product status tag's note (docs/product.md#states): 暂停申购 / 暂停赎回 with the resumption
 * note; nothing when the product trades normally. */
export function StatusNotice({ status }: { status: Status }) {
  if (!status.statusText) return null
  return (
    <div className="pd-notice" data-testid="status-notice">
      <NoticeBar color="alert" wrap content={`${status.statusText}：${status.statusNote}`} />
    </div>
  )
}

/** The trading-time notice (docs/product.md#validation): only when both times exist. */
export function TradingTimeNotice({ start, end }: { start?: string | null; end?: string | null }) {
  if (!start || !end) return null
  return (
    <div className="pd-notice" data-testid="trading-time-notice">
      <NoticeBar
        color="info"
        wrap
        content={`本产品在交易日 ${start}-${end} 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，若需交易请避开如上期间进行交易操作。`}
      />
    </div>
  )
}

/** 更新中 while the day's NAVs are being published, else the NAV date. */
export function NavDateLabel({ date, updating }: { date?: string | null; updating: boolean }) {
  return <span className="pd-muted">{updating ? '更新中' : date ? `净值日期 ${date}` : ''}</span>
}
