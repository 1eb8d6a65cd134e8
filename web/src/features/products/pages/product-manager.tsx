import { Tag } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Rate } from '../components/figures'
import { useFundManagers } from '../api/get-fund-managers'
import { Section } from '@/components/section'
import '@/components/product-page.css'

/** productManager (fundCode): the fund's managers, in office first, each with the return over
 * the term on this fund. */
export default function ProductManager() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const code = params.get('fundCode') ?? params.get('productCode') ?? ''
  const query = useFundManagers({ fundCode: code })
  return (
    <QueryView query={query} isEmpty={(d) => d.length === 0} emptyTitle="暂无基金经理信息">
      {(managers) => (
        <div className="pd-page--plain" data-testid="product-manager">
          {managers.map((m) => {
            const term = [...m.funds, ...m.historyFunds].find((f) => f.fundCode === code)
            return (
              <Section
                key={m.managerId}
                title={m.name}
                extra="详情 >"
                onExtra={() => navigate(`/productManagerDetail?managerId=${m.managerId}`)}
              >
                <div className="pd-tags">
                  <Tag color={term?.endDate ? 'default' : 'primary'} fill="outline">
                    {term?.endDate ? '已离任' : '现任'}
                  </Tag>
                  <Tag fill="outline">{m.investStyle}</Tag>
                  <Tag fill="outline">从业{m.careerYears}年</Tag>
                </div>
                <div className="pd-figures">
                  <div>
                    <div className="pd-figure__label">任职期间</div>
                    <div>
                      {term?.startDate} ~ {term?.endDate ?? '至今'}
                    </div>
                  </div>
                  <div style={{ textAlign: 'right' }}>
                    <div className="pd-figure__label">任职回报</div>
                    <div className="pd-figure__value">
                      <Rate value={term?.tenureReturn} />
                    </div>
                  </div>
                </div>
                <div className="pd-desc">{m.education}</div>
              </Section>
            )
          })}
        </div>
      )}
    </QueryView>
  )
}
