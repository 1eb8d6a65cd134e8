/**
 * 消息详情 (noticeDetail, noticeId): one notice, marked read when opened; its link (the order,
 * the plan, the adjustment…) as 查看详情, its attachments (noticeFiles), and 我已知晓 for a
 * notice that must be acknowledged.
 */
import { useEffect } from 'react'
import { Button, List } from 'antd-mobile'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useNotice } from '../api/get-notice'
import { confirmNotice, invalidateNotices, readNotice } from '../api/writes'
import { NOTICE_TEXTS, noticeFilesPath, noticeTime } from '../lib/texts'
import { useIdParam } from '../lib/params'
import '../notices.css'

export default function NoticeDetailPage() {
  const noticeId = useIdParam('noticeId')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const query = useNotice(noticeId)
  const unread = query.data && !query.data.isRead
  useEffect(() => {
    if (!unread) return
    void readNotice(noticeId).then(
      () => invalidateNotices(queryClient),
      () => undefined,
    )
  }, [unread, noticeId, queryClient])
  const confirm = useMutation({
    mutationFn: () => confirmNotice(noticeId),
    onSuccess: () => invalidateNotices(queryClient),
  })
  return (
    <div className="notice-page" data-testid="notice-detail">
      <QueryView query={query} rows={6} emptyTitle={NOTICE_TEXTS.notFound}>
        {(n) => (
          <>
            <div className="notice-doc">
              <h2>{n.title}</h2>
              <div className="notice-doc__meta">
                {n.categoryName} · {noticeTime(n)}
              </div>
              <div className="notice-doc__body">{n.content}</div>
            </div>
            {n.files.length > 0 && (
              <List className="notice-doc" style={{ padding: 0 }}>
                <List.Item
                  onClick={() => navigate(noticeFilesPath(n.noticeId))}
                  extra={`${n.files.length}个`}
                >
                  {NOTICE_TEXTS.files}
                </List.Item>
              </List>
            )}
            <div className="notice-actions">
              {n.link && (
                <Button
                  block
                  shape="rounded"
                  color="primary"
                  fill="outline"
                  onClick={() => navigate(n.link)}
                >
                  {NOTICE_TEXTS.viewMore}
                </Button>
              )}
              {n.needConfirm && (
                <Button
                  block
                  shape="rounded"
                  color="primary"
                  disabled={n.isConfirmed}
                  loading={confirm.isPending}
                  onClick={() => confirm.mutate()}
                >
                  {n.isConfirmed ? NOTICE_TEXTS.acknowledged : NOTICE_TEXTS.acknowledge}
                </Button>
              )}
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
