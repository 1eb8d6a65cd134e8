/** The notice centre (docs/notices.md): notification, noticeDetail, noticeFiles and
 * operationConfirm are reached by route; 我的 shows the unread badge, the pop-up queue the
 * notices that must be acknowledged. */
export { MineNoticeItem } from './components/mine-notice-item'
export { useToConfirm } from './api/get-unread'
export { confirmNotice, invalidateNotices } from './api/writes'
export type { Notice } from './api/types'
export { operationConfirmPath, noticeDetailPath } from './lib/texts'
