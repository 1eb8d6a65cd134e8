/**
 * 系列资产 (strategy/seriesAsset?strategyParentCode=&financialAccountId=&pageTitle=): one target
 * strategy and the user's positions in it, newest first: the period, the phase, what was put
 * in, the value and profit, the return against the target, the day it was reached and the
 * stop-profit sale to the wallet; a live position's target setting.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { formatMoney, formatPercent, formatSigned, trendColor } from '@/lib/format'
import { useSeriesAsset } from '../api/get-series-asset'
import type { TargetPosition } from '../api/types'
import { PhaseTag } from '../components/strategy-tag'
import { TargetSettingForm } from '../components/target-setting-form'
import { isEnded, strategyBuyPath, strategyPagePath } from '../lib'
import '../targets.css'

function Position({ p, code }: { p: TargetPosition; code: string }) {
  const navigate = useNavigate()
  const live = !isEnded(p)
  return (
    <Section
      title={
        <span>
          {p.financialAccountName} · 第{p.periodNo}期{p.round > 1 ? ` · 第${p.round}轮` : ''}
        </span>
      }
      extra={<PhaseTag phase={p.phase} name={p.phaseName} />}
    >
      <div data-testid="target-position">
        <div className="tg-row">
          <span>买入日期</span>
          <span>{p.boughtDate}</span>
        </div>
        <div className="tg-row">
          <span>投入金额</span>
          <span>{formatMoney(p.amount)}</span>
        </div>
        {live && (
          <>
            <div className="tg-row">
              <span>持有金额</span>
              <span>{formatMoney(p.totalAsset)}</span>
            </div>
            <div className="tg-row">
              <span>持有收益</span>
              <span style={{ color: trendColor(p.holdingProfit) }}>
                {formatSigned(p.holdingProfit)}
              </span>
            </div>
          </>
        )}
        <div className="tg-row">
          <span>{live ? '当前收益率 / 目标' : '实现收益率 / 目标'}</span>
          <span>
            <span style={{ color: trendColor(p.returnRate) }}>
              {formatPercent(p.returnRate, { signed: true })}
            </span>
            {' / '}
            {formatPercent(p.targetRate)}
          </span>
        </div>
        {p.reachedDate && (
          <div className="tg-row">
            <span>达标日期</span>
            <span>{p.reachedDate}</span>
          </div>
        )}
        {p.stopOrderNo && (
          <div
            className="tg-row"
            role="link"
            onClick={() =>
              navigate(
                `/transactionDetail?brokerOrderNo=${encodeURIComponent(p.stopOrderNo ?? '')}`,
              )
            }
          >
            <span>止盈卖出至钱包</span>
            <span>查看订单 &gt;</span>
          </div>
        )}
        {live && p.stopOrderNo === null && (
          <TargetSettingForm strategyCode={code} financialAccountId={p.financialAccountId} />
        )}
      </div>
    </Section>
  )
}

export default function SeriesAssetPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const code = params.get('strategyParentCode') ?? ''
  const query = useSeriesAsset({
    strategyParentCode: code,
    financialAccountId: params.get('financialAccountId'),
  })
  return (
    <div className="tg-page" data-testid="series-asset">
      <QueryView query={query} rows={5}>
        {(d) => {
          const s = d.strategies[0]
          if (!s) return <ErrorBlock status="empty" title="暂无目标策略" description="" />
          return (
            <>
              <div className="tg-summary">
                <div className="tg-summary__label">
                  {s.strategyName} · 第{s.periodNo}期 {s.currentPhaseName ?? ''}
                </div>
                <div className="tg-summary__value">{formatMoney(s.totalAsset)}</div>
                <div className="tg-summary__row">
                  <span>
                    持有收益
                    <b>{formatSigned(s.holdingProfit)}</b>
                  </span>
                  <span>
                    目标收益
                    <b>{formatPercent(s.targetReturn)}</b>
                  </span>
                </div>
              </div>
              {s.positions.length === 0 ? (
                <ErrorBlock status="empty" title="暂无持仓" description="" />
              ) : (
                s.positions.map((p) => <Position key={p.id} p={p} code={s.strategyCode} />)
              )}
              <div className="tg-card__actions" style={{ padding: '0 12px' }}>
                <Button block onClick={() => navigate(strategyPagePath(s.strategyCode))}>
                  策略详情
                </Button>
                {s.onSale && (
                  <Button
                    block
                    color="primary"
                    onClick={() => navigate(strategyBuyPath(s.strategyCode))}
                  >
                    {s.currentPhase === 'RESERVE' && s.buyMode === 'RESERVE'
                      ? '立即预约'
                      : '立即买入'}
                  </Button>
                )}
              </div>
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
