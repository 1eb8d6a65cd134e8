import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import type { Schemas } from '@/lib/api-types'
import { useManagerDetail } from '../api/get-manager-detail'
import { Rate } from '../components/figures'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

function Funds({ rows }: { rows: Schemas['ManagerFundOut'][] }) {
  const navigate = useNavigate()
  return (
    <table className="pd-table">
      <thead>
        <tr>
          <th>基金</th>
          <th>任职期间</th>
          <th>任职回报</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr
            key={f.fundCode}
            onClick={() =>
              navigate(`/fundProductDetail?productCode=${f.fundCode}&productType=fund`)
            }
          >
            <td>
              {f.fundName}
              <div className="pd-muted">{f.fundTypeName}</div>
            </td>
            <td className="pd-muted">
              {f.startDate.slice(0, 7)}~{f.endDate?.slice(0, 7) ?? '至今'}
            </td>
            <td>
              <Rate value={f.tenureReturn} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** productManagerDetail (managerId): a manager's profile and the funds managed. */
export default function ProductManagerDetail() {
  const [params] = useSearchParams()
  const query = useManagerDetail({ managerId: Number(params.get('managerId')) })
  return (
    <QueryView query={query} emptyTitle="未指定基金经理">
      {(m) => (
        <div className="pd-page--plain" data-testid="manager-detail">
          <Section title={m.name} extra={m.companyName}>
            <KeyValue label="学历">{m.education}</KeyValue>
            <KeyValue label="从业年限">{m.careerYears}年</KeyValue>
            <KeyValue label="投资风格">{m.investStyle}</KeyValue>
            <div className="pd-desc">{m.bio}</div>
          </Section>
          <Section title="在管基金" extra={`${m.funds.length}只`}>
            {m.funds.length ? (
              <Funds rows={m.funds} />
            ) : (
              <div className="pd-muted">暂无在管基金</div>
            )}
          </Section>
          {m.historyFunds.length > 0 && (
            <Section title="历任基金">
              <Funds rows={m.historyFunds} />
            </Section>
          )}
        </div>
      )}
    </QueryView>
  )
}
