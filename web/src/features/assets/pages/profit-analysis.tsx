import { serverToday } from '@/lib/server-clock'
import { useMemo, useState } from 'react'
import { DotLoading, Skeleton } from 'antd-mobile'
import { LeftOutline, RightOutline } from 'antd-mobile-icons'
import { useSearchParams } from 'react-router'
import { LineChart, type LineSeries } from '@/components/charts/line-chart'
import { themeColor } from '@/lib/theme'
import { QueryView } from '@/components/query-view'
import { formatSigned, trendColor } from '@/lib/format'
import {
  TREND_PERIODS,
  useAccumulatedProfitTrend,
  type TrendDays,
} from '../api/get-accumulated-profit-trend'
import { useMonthProfit, useYearProfit } from '../api/get-calendar-profit'
import { useProfits } from '../api/get-profits'
import type { MonthProfit, YearProfit } from '../api/types'
import { ReturnsCard } from '../components/returns-card'
import { SwitchTabs } from '../components/switch-tabs'
import { cellProfit, monthGrid, shiftMonth, sumFigures, WEEKDAYS, yearGrid } from '../lib/calendar'
import '../assets.css'

type View = 'month' | 'year'
const VIEWS = [
  { key: 'month', name: '月' },
  { key: 'year', name: '年' },
] as const

function MonthCalendar({
  data,
  month,
  lastDay,
}: {
  data: MonthProfit
  month: string
  /** The last day valued (getProfits updateDate): later days have nothing yet. */
  lastDay: string
}) {
  const weeks = monthGrid(month, data.days)
  const today = serverToday()
  return (
    <div className="profit-cal" data-testid="profit-calendar">
      <div className="profit-cal__week profit-cal__week--head">
        {WEEKDAYS.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      {weeks.map((week, i) => (
        <div key={i} className="profit-cal__week">
          {week.map((cell, j) =>
            cell.date === null ? (
              <span key={j} className="profit-cal__cell is-blank" />
            ) : (
              <span
                key={j}
                className={`profit-cal__cell${cell.date === today ? ' is-today' : ''}${cell.date > lastDay && cell.profit === null ? ' is-future' : ''}`}
                data-testid="profit-day"
              >
                <b>{cell.day}</b>
                <i style={{ color: trendColor(cell.profit) }}>{cellProfit(cell.profit)}</i>
              </span>
            ),
          )}
        </div>
      ))}
    </div>
  )
}

function YearCalendar({
  data,
  year,
  onPick,
}: {
  data: YearProfit
  year: string
  onPick: (month: string) => void
}) {
  return (
    <div className="profit-year" data-testid="profit-year">
      {yearGrid(year, data.months).map((m) => (
        <button
          key={m.month}
          type="button"
          className="profit-year__cell"
          onClick={() => onPick(m.month)}
        >
          <b>{Number(m.month.slice(5))}月</b>
          <i style={{ color: trendColor(m.profit) }}>{formatSigned(m.profit)}</i>
        </button>
      ))}
    </div>
  )
}

function ProfitTrend({ financialAccountId }: { financialAccountId: number | null }) {
  const [days, setDays] = useState<TrendDays>(30)
  const query = useAccumulatedProfitTrend(financialAccountId, days)
  const points = query.data
  const series = useMemo<LineSeries[]>(
    () => [
      {
        name: '累计收益',
        color: themeColor(),
        area: true,
        points: (points ?? []).map((p) => [
          p.date,
          p.accumulatedProfit === null ? NaN : Number(p.accumulatedProfit),
        ]),
      },
    ],
    [points],
  )
  const last = points?.length ? points[points.length - 1].accumulatedProfit : null
  const periodProfit = sumFigures((points ?? []).map((p) => p.profit))
  return (
    <div className="asset-card" data-testid="profit-trend">
      <div className="asset-card__title">累计收益走势</div>
      {points && points.length > 0 && (
        <div className="profit-trend__figures">
          <span>
            累计收益
            <strong style={{ color: trendColor(last) }}>{formatSigned(last)}</strong>
          </span>
          <span>
            区间收益
            <strong style={{ color: trendColor(periodProfit) }}>
              {formatSigned(periodProfit)}
            </strong>
          </span>
        </div>
      )}
      {query.isPending ? (
        <div className="asset-chart-empty">
          <DotLoading color="primary" />
        </div>
      ) : !points || points.length === 0 ? (
        <div className="asset-chart-empty">暂无走势数据</div>
      ) : (
        <LineChart series={series} percent={false} decimals={2} height={200} />
      )}
      <SwitchTabs
        options={TREND_PERIODS.map((p) => ({ key: p.days, name: p.name }))}
        value={days}
        onChange={setDays}
      />
    </div>
  )
}

/** /profitAnalysis (financialAccountId, optional: all accounts without it): the profit
 * calendar, a month of days or a year of months, red for gains and green for losses, with the
 * period's total; the accumulated profit over 近1月/近3月/近6月/近1年; and the period's simple,
 * time-weighted and money-weighted returns (docs/rules.md#returns). */
export default function ProfitAnalysisPage() {
  const [params] = useSearchParams()
  const financialAccountId = Number(params.get('financialAccountId')) || null
  // The calendar opens on the month of the last valued day (the server's clock, which the
  // demo world may move), or the phone's month before that is known.
  const profits = useProfits(financialAccountId)
  const lastDay = profits.data?.updateDate ?? serverToday()
  const thisMonth = lastDay.slice(0, 7)
  const [view, setView] = useState<View>('month')
  const [chosen, setChosen] = useState<string | null>(null)
  const month = chosen ?? thisMonth
  const setMonth = setChosen
  const year = month.slice(0, 4)
  const known = !profits.isPending
  const monthQuery = useMonthProfit(financialAccountId, month, known && view === 'month')
  const yearQuery = useYearProfit(financialAccountId, year, known && view === 'year')
  const atEnd = view === 'month' ? month >= thisMonth : year >= thisMonth.slice(0, 4)
  const step = (n: number) => setMonth(shiftMonth(month, view === 'month' ? n : 12 * n))
  const total = view === 'month' ? monthQuery.data?.total : yearQuery.data?.total
  return (
    <div className="asset-page">
      <div className="asset-card">
        <div className="profit-cal__bar">
          <SwitchTabs options={VIEWS} value={view} onChange={setView} />
          <div className="profit-cal__nav">
            <button type="button" aria-label="上一页" onClick={() => step(-1)}>
              <LeftOutline />
            </button>
            <span>{view === 'month' ? `${year}年${Number(month.slice(5))}月` : `${year}年`}</span>
            <button type="button" aria-label="下一页" disabled={atEnd} onClick={() => step(1)}>
              <RightOutline />
            </button>
          </div>
        </div>
        <div className="profit-cal__total">
          {view === 'month' ? '本月收益' : '本年收益'}
          <strong style={{ color: trendColor(total) }}>{formatSigned(total)}</strong>
        </div>
        {!known ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : view === 'month' ? (
          <QueryView query={monthQuery} rows={5}>
            {(data) => <MonthCalendar data={data} month={month} lastDay={lastDay} />}
          </QueryView>
        ) : (
          <QueryView query={yearQuery} rows={4}>
            {(data) => (
              <YearCalendar
                data={data}
                year={year}
                onPick={(m) => {
                  setMonth(m > thisMonth ? thisMonth : m)
                  setView('month')
                }}
              />
            )}
          </QueryView>
        )}
      </div>
      <ProfitTrend financialAccountId={financialAccountId} />
      {known && <ReturnsCard financialAccountId={financialAccountId} lastDay={lastDay} />}
    </div>
  )
}
