/**
 * 定投计划详情 (strategy/autoInvestPlanDetail, investPlanId, strategyParentCode): the plan's own
 * figures (累计投入, 持有金额, 收益, 收益率), its terms, the next date and the ones after, the
 * latest executions (all of them on 定投记录), the take-profit rounds, and 修改 / 暂停 / 恢复 /
 * 终止, each confirmed and passed with the trade password.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatNumber, formatPercent, formatSigned, trendColor } from '@/lib/format'
import { usePlanDetail } from '../api/get-plan-detail'
import { usePlanExecutions } from '../api/get-plan-executions'
import type { InvestPlanDetail } from '../api/types'
import { ExecutionRow } from '../components/execution-row'
import { SmartBandTable } from '../components/smart-band-table'
import { usePlanAction } from '../components/use-plan-action'
import { investPlanPath, planRecordPath } from '../lib/paths'
import {
  needsSigning,
  nextDateText,
  PLAN_STATUS_COLOR,
  planStatusText,
  targetActionText,
} from '../lib/status'
import { PLAN_TEXTS } from '../lib/texts'
import '../plans.css'

const RECENT_EXECUTIONS = 5

function RecentExecutions({ plan, strategy }: { plan: InvestPlanDetail; strategy: boolean }) {
  const navigate = useNavigate()
  const executions = usePlanExecutions(plan.investPlanId, strategy, RECENT_EXECUTIONS)
  const first = executions.data?.pages[0]
  return (
    <Section
      title="定投记录"
      extra={first && first.total > 0 ? `全部${first.total}条 ›` : undefined}
      onExtra={() => navigate(planRecordPath(plan.investPlanId, plan.productType))}
      className="plan-section--flush"
    >
      <QueryView
        query={executions}
        rows={3}
        isEmpty={(d) => d.pages[0].list.length === 0}
        empty={<ErrorBlock status="empty" title={PLAN_TEXTS.noExecutions} description="" />}
      >
        {(d) => (
          <div data-testid="plan-recent">
            {d.pages[0].list.map((e) => (
              <ExecutionRow key={e.executionId} execution={e} />
            ))}
          </div>
        )}
      </QueryView>
    </Section>
  )
}

function Detail({ plan, strategy }: { plan: InvestPlanDetail; strategy: boolean }) {
  const navigate = useNavigate()
  const action = usePlanAction(plan)
  const bands = plan.smartBands ?? []
  return (
    <div className="plan-page plan-detail" data-testid="plan-detail" data-status={plan.status}>
      <div className="plan-hero">
        <div className="plan-hero__head">
          <span className="plan-hero__name">{plan.productName}</span>
          <span
            className="plan-hero__status"
            data-testid="plan-status"
            style={{ color: PLAN_STATUS_COLOR[plan.status] }}
          >
            {planStatusText(plan.status)}
          </span>
        </div>
        <div className="plan-hero__label">持有金额(元)</div>
        <div className="plan-hero__value" data-testid="plan-holding-value">
          {formatMoney(plan.holdingValue)}
        </div>
        <div className="plan-hero__grid">
          <div>
            <div className="plan-hero__label">累计投入(元)</div>
            <div data-testid="plan-total-invested">{formatMoney(plan.totalInvested)}</div>
          </div>
          <div>
            <div className="plan-hero__label">收益(元)</div>
            <div style={{ color: trendColor(plan.holdingProfit) }}>
              {formatSigned(plan.holdingProfit)}
            </div>
          </div>
          <div>
            <div className="plan-hero__label">收益率</div>
            {/* a rate of nothing invested (every deduction failed) is none: -- */}
            <div
              data-testid="plan-profit-rate"
              style={{ color: trendColor(plan.holdingProfitRate) }}
            >
              {formatPercent(plan.holdingProfitRate, { signed: true })}
            </div>
          </div>
        </div>
        <div className="plan-hero__next" data-testid="plan-next">
          {nextDateText(plan)}
        </div>
      </div>

      {needsSigning(plan) && (
        <div className="trade-notice" data-testid="plan-unsigned">
          {PLAN_TEXTS.unsigned}
          {plan.status === 'A' && (
            <a className="plan-link" role="button" onClick={() => action.ask('sign')}>
              {' '}
              去签署 ›
            </a>
          )}
        </div>
      )}

      <Section title="计划信息">
        <KeyValue label="每期金额">{formatMoney(plan.amount)}元</KeyValue>
        <KeyValue label="定投周期">{plan.periodText}</KeyValue>
        <KeyValue label="扣款方式">{plan.payMethodText}</KeyValue>
        {plan.smart && (
          <KeyValue label="智能定投">
            已开启{plan.smartIndexName ? `（参考${plan.smartIndexName}）` : ''}
          </KeyValue>
        )}
        {plan.targetRate && (
          <KeyValue label="目标止盈">
            {formatPercent(plan.targetRate)} · {targetActionText(plan.targetAction)}
          </KeyValue>
        )}
        <KeyValue label="已扣款">
          {plan.successCount}期{plan.failCount > 0 ? `（失败${plan.failCount}次）` : ''}
        </KeyValue>
        {/* none for a portfolio plan: shares of different funds do not add up */}
        {plan.holdingShares !== null && (
          <KeyValue label="持有份额">{formatNumber(plan.holdingShares)}份</KeyValue>
        )}
        <KeyValue label="开始日期">{plan.startDate}</KeyValue>
        {plan.status === 'A' && plan.upcomingDates.length > 0 && (
          <KeyValue label="后续扣款日">
            <span data-testid="plan-upcoming">{plan.upcomingDates.join('、')}</span>
          </KeyValue>
        )}
      </Section>

      {plan.smart && bands.length > 0 && (
        <Section title="智能定投倍数">
          <SmartBandTable bands={bands} deviation={null} />
          <p className="plan-muted">每期扣款金额 = 每期金额 × 扣款日指数所在区间的倍数</p>
        </Section>
      )}

      {plan.targetRate && (
        <Section title="止盈记录" extra="规则 ›" onExtra={() => navigate('/targetKeepOnRule')}>
          {plan.targetRecords.length === 0 ? (
            <p className="plan-muted">第{plan.round}轮进行中，本轮尚未达到目标收益率</p>
          ) : (
            <table className="plan-bands" data-testid="plan-rounds">
              <thead>
                <tr>
                  <th>轮次</th>
                  <th>投入/市值(元)</th>
                  <th>收益率</th>
                  <th>达标日</th>
                </tr>
              </thead>
              <tbody>
                {plan.targetRecords.map((r) => (
                  <tr key={r.round}>
                    <td>第{r.round}轮</td>
                    <td>
                      {formatMoney(r.invested)}/{formatMoney(r.value)}
                    </td>
                    <td style={{ color: trendColor(r.returnRate) }}>
                      {formatPercent(r.returnRate, { signed: true })}
                    </td>
                    <td>{r.reachedDate ?? '进行中'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      )}

      <RecentExecutions plan={plan} strategy={strategy} />

      {plan.status !== 'T' && (
        <div className="trade-footer plan-footer">
          <Button
            fill="outline"
            data-testid="plan-terminate"
            onClick={() => action.ask('terminate')}
          >
            终止
          </Button>
          {plan.status === 'A' ? (
            <Button fill="outline" data-testid="plan-pause" onClick={() => action.ask('pause')}>
              暂停
            </Button>
          ) : (
            <Button fill="outline" data-testid="plan-resume" onClick={() => action.ask('resume')}>
              恢复
            </Button>
          )}
          <Button
            color="primary"
            data-testid="plan-modify"
            disabled={plan.status !== 'A'}
            onClick={() =>
              navigate(
                investPlanPath({
                  productCode: plan.productCode,
                  productType: plan.productType,
                  financialAccountId: plan.financialAccountId,
                  investPlanId: plan.investPlanId,
                }),
              )
            }
          >
            修改
          </Button>
        </div>
      )}
      {action.node}
    </div>
  )
}

export default function PlanDetailPage() {
  const [params] = useSearchParams()
  const investPlanId = Number(params.get('investPlanId')) || 0
  const strategy = params.get('productType') === 'strategy' || !!params.get('strategyParentCode')
  const detail = usePlanDetail(investPlanId, strategy)
  return (
    <QueryView query={detail} rows={8} emptyTitle="未找到该定投计划">
      {(plan) => <Detail plan={plan} strategy={strategy} />}
    </QueryView>
  )
}
