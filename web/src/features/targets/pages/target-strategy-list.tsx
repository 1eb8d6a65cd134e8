/**
 * 目标策略 (strategy/targetStrategyList): every target strategy with its current period and
 * phase, its target return and buy mode, and what the user holds in it; a strategy in its
 * reservation or build phase can be bought (预约买入 in RESERVE buy mode).
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney, formatPercent } from '@/lib/format'
import { useSeriesAsset } from '../api/get-series-asset'
import { PhaseTag } from '../components/strategy-tag'
import { isEnded, seriesAssetPath, strategyBuyPath, strategyPagePath } from '../lib'
import '../targets.css'

export default function TargetStrategyListPage() {
  const navigate = useNavigate()
  const query = useSeriesAsset({})
  return (
    <div className="tg-page" data-testid="target-strategy-list">
      <QueryView
        query={query}
        rows={4}
        isEmpty={(d) => d.strategies.length === 0}
        emptyTitle="暂无目标策略"
      >
        {(d) => (
          <>
            {d.strategies.map((s) => {
              const held = s.positions.filter((p) => !isEnded(p))
              return (
                <div key={s.strategyCode} className="tg-card" data-testid="target-strategy">
                  <div className="tg-card__head">
                    <span className="tg-card__name">{s.strategyName}</span>
                    <PhaseTag phase={s.currentPhase} name={s.currentPhaseName} />
                  </div>
                  <div className="tg-card__meta">
                    第{s.periodNo}期 · {s.buyMode === 'RESERVE' ? '预约买入' : '即时买入'}
                  </div>
                  <div className="tg-card__figures">
                    <div>
                      目标收益
                      <b className="tg-rise">{formatPercent(s.targetReturn)}</b>
                    </div>
                    <div>
                      我的持有
                      <b>{held.length > 0 ? formatMoney(s.totalAsset) : '--'}</b>
                    </div>
                  </div>
                  <div className="tg-card__actions">
                    <Button size="small" onClick={() => navigate(strategyPagePath(s.strategyCode))}>
                      策略详情
                    </Button>
                    {s.positions.length > 0 && (
                      <Button
                        size="small"
                        onClick={() => navigate(seriesAssetPath(s.strategyCode))}
                      >
                        我的持仓
                      </Button>
                    )}
                    {s.onSale && (
                      <Button
                        size="small"
                        color="primary"
                        onClick={() => navigate(strategyBuyPath(s.strategyCode))}
                      >
                        {s.currentPhase === 'RESERVE' && s.buyMode === 'RESERVE'
                          ? '立即预约'
                          : '立即买入'}
                      </Button>
                    )}
                  </div>
                </div>
              )
            })}
          </>
        )}
      </QueryView>
    </div>
  )
}
