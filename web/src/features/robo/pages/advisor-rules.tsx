/**
 * 投顾规则 (advisor/advisorRules): how the robo adviser builds and keeps a plan
 * (docs/robo.md#states-and-codes): the risk budget of each grade, the product levels a grade may
 * hold, the four kinds of alternative, the backtest, the over-level authorisation and the survey's
 * version check.
 */
import { Section } from '@/components/section'
import { GRADE_NAMES } from '@/features/suitability'
import '../robo.css'

const BUDGETS: [number, string][] = [
  [1, '2%'],
  [2, '5%'],
  [3, '10%'],
  [4, '15%'],
  [5, '20%'],
]

export default function AdvisorRulesPage() {
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-rules">
      <Section title="风险预算与可配置产品">
        <table className="fa-table">
          <thead>
            <tr>
              <th>风险等级</th>
              <th>目标年化波动</th>
              <th>可配置产品</th>
            </tr>
          </thead>
          <tbody>
            {BUDGETS.map(([g, b]) => (
              <tr key={g}>
                <td>
                  C{g} {GRADE_NAMES[g]}
                </td>
                <td>{b}</td>
                <td>R1~R{g}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="fa-muted">目标波动不超过您在问卷中可接受的最大亏损。</p>
      </Section>
      <Section title="方案类型">
        <div className="robo-article">
          <p>稳健方案：波动最小的组合。</p>
          <p>均衡方案：在您的风险预算下做均值-方差优化。</p>
          <p>分散方案：分层风险平价，分散配置。</p>
          <p>
            进取方案：按高一级风险预算优化，可能含超出您风险等级的产品，选择前需您明确授权；拒绝授权则移除这些产品，其占比按比例分配给其余产品。
          </p>
        </div>
      </Section>
      <Section title="历史回测">
        <div className="robo-article">
          <p>
            按方案权重在近3年首日买入并持有，由各基金复权净值（含分红）重建每日净值，计算年化收益、波动、最大回撤与修复时间，以及按投资期限滚动持有的收益分布。历史回测不代表未来收益。
          </p>
        </div>
      </Section>
      <Section title="问卷与方案">
        <div className="robo-article">
          <p>修改问卷后，原方案失效，需按新问卷重新生成并确认方案。</p>
        </div>
      </Section>
    </div>
  )
}
