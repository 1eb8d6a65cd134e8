import { Badge } from 'antd-mobile'
import type { Notice } from '../api/types'
import { NOTICE_TEXTS, noticeTime } from '../lib/texts'

/** One notice in the list: an unread dot, its title and time, two lines of its text. */
export function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  return (
    <div
      className={`notice-row${notice.isRead ? '' : ' notice-row--unread'}`}
      role="button"
      data-testid="notice-row"
      data-notice-id={notice.noticeId}
      onClick={onOpen}
    >
      <div className="notice-row__head">
        <span className="notice-row__title">
          {!notice.isRead && <Badge content={Badge.dot} className="notice-row__dot" />}
          {notice.title}
          {notice.needConfirm && !notice.isConfirmed && (
            <span className="notice-row__tag">{NOTICE_TEXTS.important}</span>
          )}
        </span>
        <span className="notice-row__time">{noticeTime(notice)}</span>
      </div>
      <div className="notice-row__content">{notice.content}</div>
    </div>
  )
}
