import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { RichText } from '@/components/rich-text'
import { useArticleDetail } from '@/features/store'
import { useProductDocument } from '../api/get-document'
import { useNoticeDetail } from '../api/get-notice-detail'
import { useProtocolDetail } from '../api/get-protocol-detail'
import '@/components/product-page.css'

function Page({ title, meta, text }: { title: string; meta: string; text: string }) {
  return (
    <article
      className="pd-card"
      data-testid="rich-text"
      style={{ margin: 0, borderRadius: 0, minHeight: '100%' }}
    >
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{title}</h2>
      <div className="pd-muted" style={{ marginBottom: 16 }}>
        {meta}
      </div>
      <RichText text={text} />
    </article>
  )
}

/** richText (id, fromModule): a text of the platform on a page of its own: a protocol
 * (fromModule=protocol), a product document (doc), an announcement or report (notice) or an
 * article (article). */
export default function RichTextPage() {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  const module = params.get('fromModule') ?? 'protocol'
  const protocol = useProtocolDetail({ protocolId: module === 'protocol' ? id : NaN })
  const doc = useProductDocument({ id: module === 'doc' ? id : NaN })
  const notice = useNoticeDetail({ id: module === 'notice' ? id : NaN })
  const article = useArticleDetail({ articleId: module === 'article' ? id : NaN })
  switch (module) {
    case 'doc':
      return (
        <QueryView query={doc}>
          {(d) => (
            <Page title={d.title} meta={`${d.docTypeName} · ${d.versionDate}`} text={d.content} />
          )}
        </QueryView>
      )
    case 'notice':
      return (
        <QueryView query={notice}>
          {(n) => (
            <Page title={n.title} meta={`${n.categoryName} · ${n.publishDate}`} text={n.content} />
          )}
        </QueryView>
      )
    case 'article':
      return (
        <QueryView query={article}>
          {(a) => (
            <Page
              title={a.title}
              meta={`${a.categoryName} · ${a.publishedAt.slice(0, 10)}`}
              text={a.content}
            />
          )}
        </QueryView>
      )
    default:
      return (
        <QueryView query={protocol}>
          {(p) => (
            <Page
              title={p.name}
              meta={`版本 ${p.version} · ${p.effectiveAt.slice(0, 10)}生效`}
              text={p.content}
            />
          )}
        </QueryView>
      )
  }
}
