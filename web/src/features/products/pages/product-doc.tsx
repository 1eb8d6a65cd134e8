import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useComplianceFiles } from '../api/get-compliance-files'
import '@/components/product-page.css'

/** productDoc (productCode): the product's current disclosure documents; each opens in the
 * rich-text page, and a type with earlier versions links to historyDoc. */
export default function ProductDoc() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('productCode') ?? params.get('poCode') ?? params.get('fundCode') ?? ''
  const query = useComplianceFiles({ productCode: code })
  return (
    <QueryView
      query={query}
      isEmpty={(d) => !code || d.list.length === 0}
      emptyTitle="暂无产品资料"
    >
      {(data) => {
        const withHistory = new Set(data.history.map((d) => d.docType))
        return (
          <div data-testid="product-doc">
            <List header="产品资料">
              {data.list.map((d) => (
                <List.Item
                  key={d.id}
                  description={`${d.docTypeName} · ${d.versionDate}`}
                  onClick={() => navigate(d.fileUrl)}
                >
                  {d.title}
                </List.Item>
              ))}
            </List>
            {withHistory.size > 0 && (
              <List header="历史版本">
                {[...withHistory].map((type) => {
                  const doc = data.history.find((d) => d.docType === type)!
                  return (
                    <List.Item
                      key={type}
                      onClick={() => navigate(`/historyDoc?productCode=${code}&docType=${type}`)}
                      extra={`${data.history.filter((d) => d.docType === type).length}份`}
                    >
                      {doc.docTypeName}历史版本
                    </List.Item>
                  )
                })}
              </List>
            )}
          </div>
        )
      }}
    </QueryView>
  )
}
