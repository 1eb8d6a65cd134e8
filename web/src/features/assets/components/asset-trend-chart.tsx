import { useMemo, useState } from 'react'
import { LineChart, type ChartMarker, type LineSeries } from '@/components/charts/line-chart'
import { deriveOrderStatus } from '@/lib/order-status'
import type { TradePoint, TrendPoint } from '../api/types'
import { isBuyOrder } from '@/lib/order-codes'
import { themeColor } from '@/lib/theme'
import { SwitchTabs } from './switch-tabs'

const SERIES = [
  { key: 'marketValue', name: '市值' },
  { key: 'accumulatedProfit', name: '累计收益' },
] as const

type SeriesKey = (typeof SERIES)[number]['key']

const BUY_COLOR = '#d6262d'
const SELL_COLOR = '#12824a'

const NOT_TRADED = new Set(['fail', 'payFail', 'cancel'])

/** Chart markers of a holding's trades: 买入 red, 卖出 green; failed and cancelled orders
 * moved nothing and are left off. */
export function tradeMarkers(trades: TradePoint[]): ChartMarker[] {
  return trades
    .filter((t) => !NOT_TRADED.has(deriveOrderStatus(t)))
    .map((t) => {
      const buy = isBuyOrder(t.orderCode)
      return { date: t.date, label: buy ? '买入' : '卖出', color: buy ? BUY_COLOR : SELL_COLOR }
    })
}

/** A holding's market value or accumulated profit by day in the broker's theme colour, with its
 * trades pinned on; a single day shows no chart. */
export function AssetTrendChart({ trend, trades }: { trend: TrendPoint[]; trades: TradePoint[] }) {
  const [key, setKey] = useState<SeriesKey>('marketValue')
  const color = themeColor()
  const series = useMemo<LineSeries[]>(
    () => [
      {
        name: SERIES.find((s) => s.key === key)?.name ?? '',
        color,
        area: true,
        // numbers for drawing only; the figures on screen come from the strings
        points: trend.map((p) => [p.date, p[key] === null ? NaN : Number(p[key])]),
      },
    ],
    [trend, key, color],
  )
  const markers = useMemo(() => tradeMarkers(trades), [trades])
  const hasBuy = markers.some((m) => m.label === '买入')
  const hasSell = markers.some((m) => m.label === '卖出')
  return (
    <div className="asset-card" data-testid="asset-trend" data-color={color}>
      <div className="asset-card__head">
        <SwitchTabs options={SERIES} value={key} onChange={setKey} />
        <span className="asset-legend">
          {hasBuy && (
            <span>
              <i style={{ background: BUY_COLOR }} />
              买入
            </span>
          )}
          {hasSell && (
            <span>
              <i style={{ background: SELL_COLOR }} />
              卖出
            </span>
          )}
        </span>
      </div>
      {trend.length === 0 ? (
        <div className="asset-chart-empty">暂无走势数据</div>
      ) : trend.length === 1 ? (
        // one day is a point, not a trend
        <div className="asset-chart-empty">持有满两个交易日后展示走势</div>
      ) : (
        <LineChart series={series} markers={markers} percent={false} decimals={2} height={200} />
      )}
    </div>
  )
}
