/** Payload types of the notice calls (docs/notices.md "Calls"), from the generated schema. */
import type { Schemas } from '@/lib/api-types'

export type Notice = Schemas['UserNoticeOut']
export type NoticeFile = Schemas['NoticeFile']
export type Unread = Schemas['UnreadOut']
export type NoticePage = Schemas['PageOut_UserNoticeOut_']
