/**
 * 操作确认 (operationConfirm, optional noticeId): the notices that must be acknowledged (a
 * broker's announcement asking for it), each with 我已知晓; with noticeId, that one first. When
 * none is left: 暂无待确认的消息 and 返回.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useToConfirm } from '../api/get-unread'
import type { Notice } from '../api/types'
import { confirmNotice, invalidateNotices } from '../api/writes'
import { NOTICE_TEXTS, noticeFilesPath, noticeTime } from '../lib/texts'
import { useIdParam } from '../lib/params'
import '../notices.css'

function ToConfirm({ notice }: { notice: Notice }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const confirm = useMutation({
    mutationFn: () => confirmNotice(notice.noticeId),
    onSuccess: () => invalidateNotices(queryClient),
  })
  return (
    <>
      <div className="notice-doc" data-testid="operation-confirm-notice">
        <h2>{notice.title}</h2>
        <div className="notice-doc__meta">
          {notice.categoryName} · {noticeTime(notice)}
        </div>
        <div className="notice-doc__body">{notice.content}</div>
      </div>
      <div className="notice-actions">
        {notice.files.length > 0 && (
          <Button
            block
            shape="rounded"
            fill="outline"
            onClick={() => navigate(noticeFilesPath(notice.noticeId))}
          >
            {NOTICE_TEXTS.files}（{notice.files.length}）
          </Button>
        )}
        <Button
          block
          shape="rounded"
          color="primary"
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {NOTICE_TEXTS.acknowledge}
        </Button>
      </div>
    </>
  )
}

export default function OperationConfirmPage() {
  const noticeId = useIdParam('noticeId')
  const navigate = useNavigate()
  const query = useToConfirm()
  return (
    <div className="notice-page" data-testid="operation-confirm">
      <QueryView
        query={query}
        rows={6}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="notice-actions" style={{ paddingTop: 24 }}>
            <ErrorBlock status="empty" title={NOTICE_TEXTS.toConfirmEmpty} description="" />
            <Button block shape="rounded" onClick={() => navigate(-1)}>
              {NOTICE_TEXTS.back}
            </Button>
          </div>
        }
      >
        {(list) => {
          const first = list.find((n) => n.noticeId === noticeId) ?? list[0]
          return <ToConfirm key={first.noticeId} notice={first} />
        }}
      </QueryView>
    </div>
  )
}
