import type { Schemas } from '@/lib/api-types'
import { formatNumber, formatPercent } from '@/lib/format'
import { Rate } from './figures'
import '@/components/product-page.css'

type PeriodReturn = Schemas['PeriodReturnOut']
type Risk = Schemas['RiskOut']
type Rolling = Schemas['RollingOut']
type Year = Schemas['YearReturnOut']

/** 阶段涨幅: each period's return against the benchmark. */
export function ReturnsTable({
  rows,
  benchmarkName,
}: {
  rows: PeriodReturn[]
  benchmarkName?: string | null
}) {
  const withBenchmark = rows.some((r) => r.benchmarkValue)
  return (
    <table className="pd-table" data-testid="returns-table">
      <thead>
        <tr>
          <th>区间</th>
          <th>涨跌幅</th>
          {withBenchmark && <th>{benchmarkName ?? '业绩基准'}</th>}
          {withBenchmark && <th>超额收益</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.period}>
            <td>{r.name}</td>
            <td>
              <Rate value={r.value} />
            </td>
            {withBenchmark && (
              <td>
                <Rate value={r.benchmarkValue} />
              </td>
            )}
            {withBenchmark && (
              <td>
                <Rate value={r.excessValue} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** 风险指标: annualised return, volatility, maximum drawdown, Sharpe over windows. */
export function RiskTable({ rows }: { rows: Risk[] }) {
  return (
    <table className="pd-table" data-testid="risk-table">
      <thead>
        <tr>
          <th>指标</th>
          {rows.map((r) => (
            <th key={r.period}>{r.name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>年化收益</td>
          {rows.map((r) => (
            <td key={r.period}>
              <Rate value={r.annualReturn} />
            </td>
          ))}
        </tr>
        <tr>
          <td>年化波动率</td>
          {rows.map((r) => (
            <td key={r.period}>{formatPercent(r.volatility)}</td>
          ))}
        </tr>
        <tr>
          <td>最大回撤</td>
          {rows.map((r) => (
            <td key={r.period}>{formatPercent(r.maxDrawdown)}</td>
          ))}
        </tr>
        <tr>
          <td>夏普比率</td>
          {rows.map((r) => (
            <td key={r.period}>{formatNumber(r.sharpe)}</td>
          ))}
        </tr>
      </tbody>
    </table>
  )
}

/** 持有体验: the odds of a profit after holding 6 months, 1 year, 3 years on any past day. */
export function RollingOdds({ rows }: { rows: Rolling[] }) {
  const shown = rows.filter((r) => r.count > 0)
  if (shown.length === 0) return <div className="pd-muted">成立时间较短，暂无持有期统计</div>
  return (
    <table className="pd-table" data-testid="rolling-table">
      <thead>
        <tr>
          <th>持有时间</th>
          <th>盈利概率</th>
          <th>平均收益</th>
          <th>最差收益</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((r) => (
          <tr key={r.months}>
            <td>{r.name}</td>
            <td>{formatPercent(r.positiveProbability)}</td>
            <td>
              <Rate value={r.average} />
            </td>
            <td>
              <Rate value={r.minimum} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Calendar years' returns against the benchmark. */
export function YearsTable({ rows }: { rows: Year[] }) {
  return (
    <table className="pd-table">
      <thead>
        <tr>
          <th>年度</th>
          <th>涨跌幅</th>
          <th>业绩基准</th>
        </tr>
      </thead>
      <tbody>
        {[...rows].reverse().map((y) => (
          <tr key={y.year}>
            <td>{y.year}年</td>
            <td>
              <Rate value={y.value} />
            </td>
            <td>
              <Rate value={y.benchmarkValue} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
