import { Collapse } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatPercent } from '@/lib/format'
import { useAdjustments } from '../api/get-adjustments'
import { Section } from '@/components/section'
import '@/components/product-page.css'

const ACTION_COLORS: Record<string, string> = {
  新增: 'var(--app-rise)',
  增持: 'var(--app-rise)',
  移除: 'var(--app-fall)',
  减持: 'var(--app-fall)',
  不变: 'var(--app-flat)',
}

/** adjustHistory (poCode): every adjustment, newest first, with the weights before and after
 * and the reason. */
export default function AdjustHistory() {
  const [params] = useSearchParams()
  const code = params.get('poCode') ?? params.get('productCode') ?? ''
  const query = useAdjustments({ poCode: code })
  return (
    <QueryView
      query={query}
      isEmpty={(d) => d.total === 0}
      emptyTitle="暂无调仓记录"
      emptyDescription="本组合不披露调仓明细或尚未调仓"
    >
      {(data) => (
        <div className="pd-page--plain" data-testid="adjust-history">
          <Section title={data.poName} extra={`共${data.total}次调仓`}>
            <Collapse defaultActiveKey={[String(data.list[0].id)]}>
              {data.list.map((a) => (
                <Collapse.Panel
                  key={String(a.id)}
                  title={
                    <div>
                      <div style={{ fontWeight: 600 }}>{a.title}</div>
                      <div className="pd-muted">{a.adjustDate}</div>
                    </div>
                  }
                >
                  <div className="pd-desc" style={{ marginTop: 0, marginBottom: 8 }}>
                    {a.reason}
                  </div>
                  <table className="pd-table">
                    <thead>
                      <tr>
                        <th>基金</th>
                        <th>调整前</th>
                        <th>调整后</th>
                        <th>变动</th>
                      </tr>
                    </thead>
                    <tbody>
                      {a.items.map((i) => (
                        <tr key={i.fundCode}>
                          <td>
                            {i.fundName}
                            <div className="pd-muted">{i.fundTypeName}</div>
                          </td>
                          <td>{formatPercent(i.weightBefore)}</td>
                          <td>{formatPercent(i.weightAfter)}</td>
                          <td style={{ color: ACTION_COLORS[i.action] }}>
                            {i.action}
                            {i.action !== '不变' && (
                              <div>{formatPercent(i.change, { signed: true })}</div>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Collapse.Panel>
              ))}
            </Collapse>
          </Section>
        </div>
      )}
    </QueryView>
  )
}
