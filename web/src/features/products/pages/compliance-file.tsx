import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useStoreLink, useViewerToken } from '@/features/store'
import { useComplianceFiles } from '../api/get-compliance-files'

function Files() {
  const navigate = useNavigate()
  const query = useComplianceFiles({})
  return (
    <QueryView query={query} isEmpty={(d) => d.list.length === 0} emptyTitle="暂无合规文件">
      {(d) => (
        <List header="合规文件" data-testid="compliance-file">
          {d.list.map((f) => (
            <List.Item key={f.id} description={f.docTypeName} onClick={() => navigate(f.fileUrl)}>
              {f.title}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}

/** static/complianceFile: the platform's compliance files (qualifications, investor rights),
 * open to anyone: a visitor token is taken when there is no session. */
export default function ComplianceFile() {
  const token = useViewerToken(useStoreLink())
  if (token.error)
    return (
      <List header="合规文件">
        <List.Item>{token.error}</List.Item>
      </List>
    )
  return token.ready ? <Files /> : null
}
