import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePoProtocols } from '../api/get-po-protocols'

/** protocolList (poCode): a portfolio's protocols and its component funds' documents. */
export default function ProtocolList() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const query = usePoProtocols({ poCode: params.get('poCode') ?? params.get('productCode') ?? '' })
  return (
    <QueryView query={query}>
      {(d) => (
        <div data-testid="protocol-list">
          <List header={`${d.poName}相关协议`}>
            {d.list.map((a) => (
              <List.Item key={a.url} onClick={() => navigate(a.url)}>
                {a.name}
              </List.Item>
            ))}
          </List>
          {d.fundList.map((f) => (
            <List key={f.fundCode} header={`${f.fundName}（${f.fundCode}）`}>
              {f.agreements.map((a) => (
                <List.Item key={a.url} onClick={() => navigate(a.url)}>
                  {a.name}
                </List.Item>
              ))}
            </List>
          ))}
        </div>
      )}
    </QueryView>
  )
}
