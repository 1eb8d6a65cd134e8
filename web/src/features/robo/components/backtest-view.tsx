/**
 * An alternative's backtest (docs/robo.md "Backtest"): its value rebuilt from the funds'
 * dividend-adjusted NAVs, the rolling returns over the plan's horizon and their distribution,
 * the fan of outcomes by holding time, the maximum drawdown and its recovery, and what holding it
 * for the horizon has been like.
 */
import { Section } from '@/components/section'
import { QueryView } from '@/components/query-view'
import { LineChart } from '@/components/charts/line-chart'
import { formatPercent } from '@/lib/format'
import { useBacktest, useHoldingExperience } from '../api/queries'
import type { Backtest } from '../api/types'
import { drawdownPeriod } from '../lib/backtest'
import { DistributionChart, FanChart } from './backtest-charts'
import { Figure } from './allocation-view'

const n = (v: string) => Number(v)

function DrawdownPeriod({ start, end }: { start: string | null; end: string | null }) {
  const period = drawdownPeriod(start, end)
  if (!period) return <>--</>
  return (
    <span className="robo-figure-period">
      {period[0]}
      <br />
      {period[1]}
    </span>
  )
}

function Charts({ b, planningId }: { b: Backtest; planningId: number }) {
  const experience = useHoldingExperience(planningId, b.allocationId, b.horizonMonths)
  return (
    <div data-testid="robo-backtest">
      <Section title="历史回测">
        <p className="robo-chart-note">
          {b.startDate} 至 {b.endDate}，按方案权重买入并持有的净值走势
        </p>
        <div className="robo-figures">
          <Figure label="累计收益" value={formatPercent(b.cumulativeReturn)} />
          <Figure label="年化收益" value={formatPercent(b.annualReturn)} />
          <Figure label="年化波动" value={formatPercent(b.annualVolatility)} />
          <Figure label="最大回撤" value={formatPercent(b.maxDrawdown)} />
          <Figure
            label="回撤区间"
            value={<DrawdownPeriod start={b.maxDrawdownStart} end={b.maxDrawdownEnd} />}
          />
          <Figure
            label="修复时间"
            value={b.recoveryDays === null ? '未修复' : `${b.recoveryDays}天`}
          />
        </div>
        <LineChart
          percent={false}
          decimals={4}
          series={[
            {
              name: '方案净值',
              color: '#d6262d',
              area: true,
              points: b.series.map((p) => [p.date, n(p.value)]),
            },
          ]}
        />
      </Section>
      <Section title={`滚动持有${b.horizonMonths}个月收益`}>
        <p className="robo-chart-note">
          任意一天买入并持有{b.horizonMonths}个月的收益（共{b.windows}个窗口）：亏损概率
          <strong> {formatPercent(b.lossProbability)}</strong>，中位数
          <strong> {formatPercent(b.medianReturn)}</strong>，5%~95%区间
          <strong>
            {' '}
            {formatPercent(b.percentiles.p5)} ~ {formatPercent(b.percentiles.p95)}
          </strong>
        </p>
        <div data-testid="robo-rolling-chart">
          <LineChart
            series={[
              {
                name: '滚动收益',
                color: '#3a6ff0',
                points: b.rolling.map((p) => [p.date, n(p.value)]),
              },
            ]}
            height={180}
          />
        </div>
        <div className="robo-chart-note">收益分布</div>
        <DistributionChart
          buckets={b.distribution.map((d) => ({ low: d.from, high: d.to, count: d.count }))}
        />
      </Section>
      <Section title="持有期收益区间">
        <p className="robo-chart-note">
          历史上持有1至{b.horizonMonths}
          个月的收益：深色为25%~75%区间，浅色为5%~95%区间，实线为中位数
        </p>
        <div data-testid="robo-fan-chart">
          <FanChart
            points={b.fan.map((f) => ({
              label: `${f.month}个月`,
              p5: f.p5,
              p25: f.p25,
              p50: f.p50,
              p75: f.p75,
              p95: f.p95,
            }))}
          />
        </div>
        <QueryView query={experience} rows={2}>
          {(e) => (
            <div className="robo-figures" data-testid="robo-holding-experience">
              <Figure
                label={`持有${e.holdMonths}个月盈利概率`}
                value={formatPercent(e.profitProbability)}
              />
              <Figure label="最好收益" value={formatPercent(e.bestReturn)} />
              <Figure label="最差收益" value={formatPercent(e.worstReturn)} />
            </div>
          )}
        </QueryView>
      </Section>
    </div>
  )
}

export function BacktestView({
  planningId,
  allocationId,
}: {
  planningId: number
  allocationId: string | null
}) {
  const query = useBacktest(planningId, allocationId)
  return (
    <QueryView
      query={query}
      rows={6}
      isEmpty={(b) => b.series.length === 0}
      emptyTitle="暂无回测数据"
    >
      {(b) => <Charts b={b} planningId={planningId} />}
    </QueryView>
  )
}
