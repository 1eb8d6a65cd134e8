/**
 * The over-level authorisation (docs/robo.md "Risk permission"): the products of the chosen
 * allocation above the investor's grade, the warning, where the authorisation stands (0 awaiting,
 * 1 authorised, 2 refused, 9 blank) and every decision recorded so far.
 */
import { KeyValue, Section } from '@/components/section'
import { formatPercent } from '@/lib/format'
import type { RiskPermission } from '../api/types'
import { authorizationText } from '../lib/texts'

export function RiskPermissionView({ p }: { p: RiskPermission }) {
  return (
    <>
      <div className="robo-warning" data-testid="robo-permission-warning">
        {p.warning}
      </div>
      <Section title="超出风险等级的产品">
        <KeyValue label="您的风险等级">
          C{p.riskGrade} {p.riskGradeName}
        </KeyValue>
        <KeyValue label="授权状态">
          <span data-testid="robo-permission-status">{authorizationText(p.authorizationCode)}</span>
        </KeyValue>
        {p.products.length === 0 ? (
          <p className="fa-muted">方案中没有超出您风险等级的产品</p>
        ) : (
          <table className="fa-table" data-testid="robo-permission-products">
            <thead>
              <tr>
                <th>产品</th>
                <th>风险等级</th>
                <th>占比</th>
              </tr>
            </thead>
            <tbody>
              {p.products.map((f) => (
                <tr key={f.fundCode}>
                  <td>
                    {f.fundName}
                    <div className="fa-row__sub">{f.fundCode}</div>
                  </td>
                  <td style={{ color: '#d6262d' }}>
                    R{f.riskLevel} {f.riskLevelName}
                  </td>
                  <td>{formatPercent(f.weight)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title="授权记录">
        {p.history.length === 0 ? (
          <p className="fa-muted">暂无授权记录</p>
        ) : (
          p.history.map((h, i) => (
            <div className="fa-row" key={i} data-testid="robo-permission-history">
              <div className="fa-row__main">
                {authorizationText(h.decision)}
                <div className="fa-row__sub">{h.fundCodes.join('、')}</div>
              </div>
              <div className="fa-row__sub">{h.decidedAt.slice(0, 19).replace('T', ' ')}</div>
            </div>
          ))
        )}
      </Section>
    </>
  )
}
