/**
 * One alternative of the plan (docs/robo.md "Plan and allocations"): its name and what method
 * chose it, its risk level against the investor's grade, the asset classes as a donut, the
 * expected and backtested figures, and its funds with their weights and amounts.
 */
import type { ReactNode } from 'react'
import { Tag } from 'antd-mobile'
import { formatMoney, formatPercent } from '@/lib/format'
import { Composition } from '@/features/advisory'
import type { Allocation } from '../api/types'
import { ASSET_CLASS_NAMES, METHOD_NOTES } from '../lib/texts'

export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  )
}

export function AllocationFigures({ a }: { a: Allocation }) {
  const b = a.backtest
  return (
    <div className="robo-figures" data-testid="robo-allocation-figures">
      <Figure label="预期年化收益" value={formatPercent(a.expectedReturn)} />
      <Figure label="预期年化波动" value={formatPercent(a.expectedVolatility)} />
      <Figure label="历史最大回撤" value={b ? formatPercent(b.maxDrawdown) : '--'} />
      <Figure label="回测年化收益" value={b ? formatPercent(b.annualReturn) : '--'} />
      <Figure label="亏损概率" value={b ? formatPercent(b.lossProbability) : '--'} />
      <Figure
        label="回撤修复天数"
        value={b ? (b.recoveryDays === null ? '未修复' : `${b.recoveryDays}天`) : '--'}
      />
    </div>
  )
}

export function AssetClassDonut({ a }: { a: Allocation }) {
  return (
    <Composition
      items={a.assetClasses.map((c) => ({
        name: ASSET_CLASS_NAMES[c.assetClass] ?? c.assetClass,
        weight: c.weight,
      }))}
      caption="大类资产"
    />
  )
}

export function AllocationHead({ a, extra }: { a: Allocation; extra?: ReactNode }) {
  return (
    <>
      <div className="robo-alt__head">
        <strong>{a.name}</strong>
        <Tag fill="outline" color={a.exceedsGrade ? 'danger' : 'primary'}>
          R{a.riskLevel} {a.riskLevelName}
        </Tag>
        {a.exceedsGrade && (
          <Tag color="danger" data-testid="robo-exceeds-grade">
            超出风险等级
          </Tag>
        )}
        {extra}
      </div>
      <div className="robo-alt__note">{METHOD_NOTES[a.method] ?? a.method}</div>
    </>
  )
}

export function AllocationItems({ a }: { a: Allocation }) {
  return (
    <table className="fa-table" data-testid="robo-allocation-items">
      <thead>
        <tr>
          <th>基金</th>
          <th>风险</th>
          <th>占比</th>
          <th>金额(元)</th>
        </tr>
      </thead>
      <tbody>
        {a.items.map((i) => (
          <tr key={i.fundCode}>
            <td>
              {i.fundName}
              <div className="fa-row__sub">
                {i.fundCode} · {ASSET_CLASS_NAMES[i.assetClass] ?? i.assetClass}
              </div>
            </td>
            <td style={i.exceedsGrade ? { color: '#d6262d' } : undefined}>R{i.riskLevel}</td>
            <td>{formatPercent(i.weight)}</td>
            <td>{formatMoney(i.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
