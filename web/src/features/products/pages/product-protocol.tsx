import { List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useAgreements } from '../api/get-agreements'

/** productProtocol (productCode, productType): what a buyer of the product agrees to. */
export default function ProductProtocol() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const query = useAgreements({
    productCode: params.get('productCode') ?? '',
    productType: params.get('productType') ?? undefined,
  })
  return (
    <QueryView query={query} isEmpty={(d) => d.agreements.length === 0} emptyTitle="暂无协议">
      {(d) => (
        <List header="产品相关协议" data-testid="product-protocol">
          {d.agreements.map((a) => (
            <List.Item key={a.url} onClick={() => navigate(a.url)}>
              {a.name}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}
