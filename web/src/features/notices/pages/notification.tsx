/**
 * 消息通知 (notification): the user's notices by category (交易提醒, 投顾服务, 账户提醒, 平台公告),
 * each tab with a dot while it holds unread notices; unread notices carry a dot of their own.
 * 全部已读 marks every notice read (and clears the badge on 我的). A notice opens noticeDetail.
 */
import { Badge, Button, ErrorBlock, Tabs, Toast } from 'antd-mobile'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { useNotices } from '../api/get-notices'
import { useUnread } from '../api/get-unread'
import { invalidateNotices, readAllNotices } from '../api/writes'
import { NoticeRow } from '../components/notice-row'
import { NOTICE_TEXTS, noticeDetailPath, pickCategory } from '../lib/texts'
import '../notices.css'

function CategoryList({ category }: { category: string }) {
  const navigate = useNavigate()
  const notices = useNotices(category)
  return (
    <QueryView
      query={notices}
      rows={4}
      isEmpty={(d) => d.pages.every((pg) => pg.list.length === 0)}
      empty={
        <ErrorBlock
          status="empty"
          title={NOTICE_TEXTS.empty}
          description={NOTICE_TEXTS.emptyHint}
          data-testid="notice-empty"
        />
      }
    >
      {(d) => (
        <div className="notice-list" data-testid="notice-list">
          {d.pages
            .flatMap((pg) => pg.list)
            .map((n) => (
              <NoticeRow
                key={n.noticeId}
                notice={n}
                onOpen={() => navigate(noticeDetailPath(n.noticeId))}
              />
            ))}
          <LoadMore query={notices} />
        </div>
      )}
    </QueryView>
  )
}

export default function NotificationPage() {
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const unread = useUnread()
  const readAll = useMutation({
    mutationFn: () => readAllNotices(),
    onSuccess: async () => {
      await invalidateNotices(queryClient)
      Toast.show({ content: '已全部标为已读' })
    },
  })
  return (
    <div className="notice-page" data-testid="notification">
      <QueryView query={unread} rows={6}>
        {(u) => {
          const categories = u.categories.map((c) => c.category)
          const category = pickCategory(params.get('category'), categories)
          return (
            <>
              <Tabs
                activeKey={category}
                onChange={(key) => {
                  const next = new URLSearchParams(params)
                  next.set('category', key)
                  setParams(next, { replace: true })
                }}
              >
                {u.categories.map((c) => (
                  <Tabs.Tab
                    key={c.category}
                    title={
                      <Badge content={c.unread > 0 ? Badge.dot : null}>
                        <span className="notice-tab-title">{c.categoryName}</span>
                      </Badge>
                    }
                  />
                ))}
              </Tabs>
              <div className="notice-toolbar">
                <Button
                  size="mini"
                  fill="outline"
                  shape="rounded"
                  disabled={u.total === 0}
                  loading={readAll.isPending}
                  onClick={() => readAll.mutate()}
                >
                  {NOTICE_TEXTS.readAll}
                </Button>
              </div>
              <CategoryList key={category} category={category} />
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
