import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { RichText } from '@/components/rich-text'
import { useNoticeDetail } from '../api/get-notice-detail'
import '@/components/product-page.css'

/** prodReportDetail (id): an announcement or a report with its text. */
export default function ProdReportDetail() {
  const [params] = useSearchParams()
  const query = useNoticeDetail({ id: Number(params.get('id')) })
  return (
    <QueryView query={query} emptyTitle="未指定公告">
      {(n) => (
        <article
          className="pd-card"
          data-testid="report-detail"
          style={{ margin: 0, borderRadius: 0, minHeight: '100%' }}
        >
          <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{n.title}</h2>
          <div className="pd-muted" style={{ marginBottom: 16 }}>
            {n.categoryName} · {n.publishDate}
          </div>
          <RichText text={n.content} />
        </article>
      )}
    </QueryView>
  )
}
