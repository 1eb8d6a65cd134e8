import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useComplianceFiles } from '../api/get-compliance-files'

/** historyDoc (productCode, docType): the earlier versions of a document, newest first. */
export default function HistoryDoc() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('productCode') ?? ''
  const docType = params.get('docType') ?? undefined
  const query = useComplianceFiles({ productCode: code, docType })
  return (
    <QueryView
      query={query}
      isEmpty={(d) => !code || d.list.length + d.history.length === 0}
      emptyTitle="暂无历史版本"
    >
      {(data) => (
        <List header="全部版本" data-testid="history-doc">
          {[...data.list, ...data.history].map((d) => (
            <List.Item
              key={d.id}
              description={`${d.versionDate}${d.isCurrent ? ' · 当前版本' : ''}`}
              onClick={() => navigate(d.fileUrl)}
            >
              {d.title}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}
