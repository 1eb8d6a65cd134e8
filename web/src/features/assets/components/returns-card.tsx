import { useState } from 'react'
import { formatMoney, formatPercent, trendColor } from '@/lib/format'
import { QueryView } from '@/components/query-view'
import { usePeriodReturns, type PeriodReturns } from '../api/get-period-returns'
import { periodStart, RETURN_PERIODS, type PeriodKey } from '../lib/periods'
import { SwitchTabs } from './switch-tabs'

/** The three returns side by side, each with its one-line explanation (docs/rules.md#returns). */
export const RETURN_KINDS = [
  {
    key: 'simpleReturn',
    name: '简单收益率',
    note: '区间收益 ÷ 净投入（期初市值 + 买入 − 卖出）',
  },
  {
    key: 'timeWeightedReturn',
    name: '时间加权收益率',
    note: '逐日收益率连乘，不受资金进出时点和金额影响，反映投资本身的表现',
  },
  {
    key: 'moneyWeightedReturn',
    name: '资金加权收益率',
    note: '按实际资金进出计算的内部收益率（XIRR，年化），反映您的实际体验',
  },
] as const

function ReturnFigures({ data }: { data: PeriodReturns }) {
  return (
    <>
      <div className="returns-card__period" data-testid="returns-period">
        {data.startDate} 至 {data.endDate}
        <span>
          区间收益
          <b style={{ color: trendColor(data.profit) }}>{formatMoney(data.profit)}</b>
        </span>
      </div>
      <div className="returns-card__grid">
        {RETURN_KINDS.map((k) => (
          <div key={k.key} className="returns-card__item" data-testid={`return-${k.key}`}>
            <strong style={{ color: trendColor(data[k.key]) }} data-value={data[k.key] ?? ''}>
              {formatPercent(data[k.key], { signed: true })}
            </strong>
            <span>{k.name}</span>
          </div>
        ))}
      </div>
      <ul className="returns-card__notes">
        {RETURN_KINDS.map((k) => (
          <li key={k.key}>
            <b>{k.name}</b>：{k.note}
          </li>
        ))}
      </ul>
    </>
  )
}

/** 收益率分析 of an account (or all accounts) over a period the user picks. */
export function ReturnsCard({
  financialAccountId,
  lastDay,
}: {
  financialAccountId: number | null
  lastDay: string
}) {
  const [period, setPeriod] = useState<PeriodKey>('1y')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const custom = period === 'custom'
  const start = custom ? from || null : periodStart(period, lastDay)
  const end = custom ? to || undefined : lastDay
  const query = usePeriodReturns(financialAccountId, start, end)
  return (
    <div className="asset-card returns-card" data-testid="returns-card">
      <div className="asset-card__title">收益率分析</div>
      <SwitchTabs options={RETURN_PERIODS} value={period} onChange={setPeriod} />
      {custom && (
        <div className="returns-card__custom">
          <label>
            开始日期
            <input
              type="date"
              value={from}
              max={to || lastDay}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label>
            结束日期
            <input
              type="date"
              value={to}
              min={from}
              max={lastDay}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
        </div>
      )}
      <QueryView
        query={query}
        rows={3}
        isEmpty={(d) => !d.returns}
        emptyTitle={custom ? '请选择开始日期' : '暂无数据'}
      >
        {(d) => (d.returns ? <ReturnFigures data={d.returns} /> : null)}
      </QueryView>
    </div>
  )
}
