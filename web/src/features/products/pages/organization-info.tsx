import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useOrganization } from '../api/get-organization'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

/** organizationInfo (companyId or productCode): the fund company and its funds. */
export default function OrganizationInfo() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const companyId = Number(params.get('companyId'))
  const query = useOrganization({
    companyId: Number.isFinite(companyId) && companyId > 0 ? companyId : undefined,
    productCode: params.get('productCode') ?? undefined,
  })
  return (
    <QueryView query={query}>
      {(c) => (
        <div className="pd-page--plain" data-testid="organization-info">
          <Section title={c.name}>
            <KeyValue label="成立日期">{c.establishedDate ?? '--'}</KeyValue>
            <KeyValue label="注册资本">{c.registeredCapital || '--'}</KeyValue>
            <KeyValue label="客服电话">{c.hotline || '--'}</KeyValue>
            <KeyValue label="公司网址">{c.website || '--'}</KeyValue>
            <KeyValue label="办公地址">{c.address || '--'}</KeyValue>
            <div className="pd-desc">{c.description}</div>
          </Section>
          <Section title="旗下基金" extra={`${c.fundCount}只`}>
            {c.funds.map((f) => (
              <div
                key={f.fundCode}
                className="pd-fund-row"
                role="link"
                onClick={() =>
                  navigate(`/fundProductDetail?productCode=${f.fundCode}&productType=fund`)
                }
              >
                <span>
                  {f.fundName}
                  <span className="pd-header__code">{f.fundCode}</span>
                </span>
                <span className="pd-muted">{f.fundTypeName}</span>
              </div>
            ))}
          </Section>
        </div>
      )}
    </QueryView>
  )
}
