import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePrivateAgreements } from '../api/get-private-agreements'
import { usePrivateArchive } from '../api/get-private-archive'
import { usePrivateProduct } from '../api/get-private-product'

/** privateSet/productProtocol (productCode): a private fund's contract, risk disclosure and
 * the private-asset protocols, and its archive. */
export default function PrivateProductProtocol() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('productCode') ?? ''
  const agreements = usePrivateAgreements({ productCode: code })
  const product = usePrivateProduct({ productCode: code })
  const qualified = product.data?.qualified === true
  const archive = usePrivateArchive({ productCode: code }, qualified)
  return (
    <div data-testid="private-protocol">
      <QueryView
        query={agreements}
        isEmpty={(d) => d.agreements.length === 0}
        emptyTitle="暂无协议"
      >
        {(d) => (
          <List header="产品协议">
            {d.agreements.map((a) => (
              <List.Item key={a.url} onClick={() => navigate(a.url)}>
                {a.name}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
      {product.data && !qualified ? (
        <List header="产品档案">
          <List.Item
            description="私募产品的档案仅向合格投资者展示"
            extra={
              <Button
                size="mini"
                color="primary"
                onClick={() => navigate('/privateSet/investorStatement')}
              >
                确认合格投资者声明
              </Button>
            }
          >
            产品档案
          </List.Item>
        </List>
      ) : (
        <QueryView query={archive} isEmpty={(d) => d.list.length === 0} emptyTitle="暂无产品档案">
          {(d) => (
            <List header="产品档案">
              {d.list.map((f) => (
                <List.Item
                  key={f.id}
                  description={f.versionDate}
                  onClick={() => navigate(f.fileUrl)}
                >
                  {f.title}
                </List.Item>
              ))}
            </List>
          )}
        </QueryView>
      )}
    </div>
  )
}
