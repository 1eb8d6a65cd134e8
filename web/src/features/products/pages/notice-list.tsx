import { List } from 'antd-mobile'
import { LoadMore } from '@/components/load-more'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useNotices, type NoticeKind } from '../api/get-notices'

/** A product's announcements or reports, 10 at a time, each opening prodReportDetail. */
export function NoticeList({
  kind,
  productCode,
  header,
}: {
  kind: NoticeKind
  productCode: string
  header?: string
}) {
  const navigate = useNavigate()
  const query = useNotices(kind, productCode)
  const notices = query.data?.pages.flatMap((p) => p.list) ?? []
  return (
    <QueryView
      query={query}
      isEmpty={(d) => d.pages[0].total === 0}
      emptyTitle={kind === 'reports' ? '暂无定期报告' : '暂无公告'}
    >
      {() => (
        <>
          <List header={header}>
            {notices.map((n) => (
              <List.Item
                key={n.id}
                description={`${n.categoryName} · ${n.publishDate}`}
                onClick={() => navigate(`/prodReportDetail?id=${n.id}`)}
              >
                {n.title}
              </List.Item>
            ))}
          </List>
          <LoadMore query={query} />
        </>
      )}
    </QueryView>
  )
}
