/** The notice centre's words and small rules (docs/notices.md "Screens"). */
import type { Notice } from '../api/types'

export const NOTICE_TEXTS = {
  readAll: '全部已读',
  empty: '暂无消息',
  emptyHint: '交易确认、到账、投顾服务与平台公告会在这里通知您',
  notFound: '消息不存在或已删除',
  files: '公告文件',
  noFiles: '暂无附件',
  acknowledge: '我已知晓',
  acknowledged: '已确认',
  toConfirmEmpty: '暂无待确认的消息',
  viewMore: '查看详情',
  back: '返回',
  important: '需确认',
}

/** The tab's category from the address, else the first. */
export function pickCategory(asked: string | null, categories: string[]): string {
  return asked && categories.includes(asked) ? asked : (categories[0] ?? 'TRADE')
}

/** "2026-11-24T20:00:00+08:00" → "2026-11-24 20:00". */
export function noticeTime(n: Pick<Notice, 'createTime'>): string {
  return n.createTime.slice(0, 16).replace('T', ' ')
}

export const noticeDetailPath = (noticeId: number) => `/noticeDetail?noticeId=${noticeId}`
export const noticeFilesPath = (noticeId: number) => `/noticeFiles?noticeId=${noticeId}`
export const operationConfirmPath = (noticeId?: number) =>
  noticeId ? `/operationConfirm?noticeId=${noticeId}` : '/operationConfirm'

/** An attachment opens in the app's document viewer (outsideChain). */
export const filePath = (name: string, url: string) =>
  `/outsideChain?${new URLSearchParams({ url, title: name })}`
