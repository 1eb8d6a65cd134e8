/**
 * 目标资产 (strategy/targetTotalAsset): the user's target-strategy assets (asset view
 * TARGET_SERIES_ASSET): the total, holding and accumulated profit, and each strategy held with
 * its positions' phases. Nothing held: 暂无目标策略持仓, with the way to the strategies.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import { useSeriesAsset } from '../api/get-series-asset'
import { PhaseTag } from '../components/strategy-tag'
import { seriesAssetPath } from '../lib'
import '../targets.css'

export default function TargetTotalAssetPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const financialAccountId = params.get('financialAccountId')
  const query = useSeriesAsset({ financialAccountId })
  return (
    <div className="tg-page" data-testid="target-total-asset">
      <QueryView
        query={query}
        rows={4}
        isEmpty={(d) => d.strategies.every((s) => s.positions.length === 0)}
        empty={
          <div data-testid="target-empty">
            <ErrorBlock status="empty" title="暂无目标策略持仓" description="" />
            <div style={{ textAlign: 'center' }}>
              <Button
                color="primary"
                shape="rounded"
                onClick={() => navigate('/strategy/targetStrategyList')}
              >
                去看看目标策略
              </Button>
            </div>
          </div>
        }
      >
        {(d) => (
          <>
            <div className="tg-summary">
              <div className="tg-summary__label">目标资产（元）</div>
              <div className="tg-summary__value">{formatMoney(d.totalAsset)}</div>
              <div className="tg-summary__row">
                <span>
                  持有收益
                  <b>{formatSigned(d.holdingProfit)}</b>
                </span>
                <span>
                  累计收益
                  <b>{formatSigned(d.accumulatedProfit)}</b>
                </span>
              </div>
            </div>
            {d.strategies
              .filter((s) => s.positions.length > 0)
              .map((s) => (
                <div
                  key={s.strategyCode}
                  className="tg-card"
                  role="link"
                  data-testid="target-asset-strategy"
                  onClick={() => navigate(seriesAssetPath(s.strategyCode, financialAccountId))}
                >
                  <div className="tg-card__head">
                    <span className="tg-card__name">{s.strategyName}</span>
                    <span className="tg-muted">{s.positions.length}笔持仓 &gt;</span>
                  </div>
                  <div className="tg-card__figures">
                    <div>
                      持有金额
                      <b>{formatMoney(s.totalAsset)}</b>
                    </div>
                    <div>
                      持有收益
                      <b style={{ color: trendColor(s.holdingProfit) }}>
                        {formatSigned(s.holdingProfit)}
                      </b>
                    </div>
                  </div>
                  <div className="tg-card__meta">
                    {s.positions.map((p) => (
                      <span key={p.id} style={{ marginRight: 8 }}>
                        {p.financialAccountName} 第{p.periodNo}期{' '}
                        <PhaseTag phase={p.phase} name={p.phaseName} />
                      </span>
                    ))}
                  </div>
                </div>
              ))}
          </>
        )}
      </QueryView>
    </div>
  )
}
