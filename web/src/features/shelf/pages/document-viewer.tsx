import { ErrorBlock } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { getBrokerId } from '@/lib/broker'
import { useDocumentLink } from '../api/check-document-link'
import '../shelf.css'

/** /iframe (url) and /outsideChain (url, title): an external document inside the app. The
 * address is first checked by the server against the broker's allow-list (docs/shelf.md
 * "Document viewers"); a refused address is never loaded, so the app is no open redirect. */
export default function DocumentViewerPage() {
  const [params] = useSearchParams()
  const url = params.get('url') ?? ''
  const title = params.get('title') ?? ''
  const query = useDocumentLink(url, title, getBrokerId() ?? undefined)
  if (query.isError) {
    return (
      <div className="shelf-page" data-testid="document-refused">
        <ErrorBlock
          status="default"
          title="无法打开该链接"
          description={query.error instanceof Error ? query.error.message : '请稍后重试'}
        />
      </div>
    )
  }
  return (
    <QueryView query={query}>
      {(link) => (
        <div data-testid="document-viewer">
          {link.title && (
            <div className="shelf-muted" style={{ padding: '4px 12px' }}>
              {link.title}
            </div>
          )}
          <iframe
            className="shelf-frame"
            title={link.title || '文档'}
            src={link.url}
            sandbox="allow-scripts allow-same-origin allow-popups allow-downloads"
            referrerPolicy="no-referrer"
          />
        </div>
      )}
    </QueryView>
  )
}
