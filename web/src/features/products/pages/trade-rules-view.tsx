import { Steps } from 'antd-mobile'
import type { Schemas } from '@/lib/api-types'
import { formatMoney, formatPercent } from '@/lib/format'
import type { TradeRules } from '../api/get-trade-rules'
import { StatusNotice, TradingTimeNotice } from '../components/notices'
import { KeyValue, Section } from '@/components/section'
import '@/components/product-page.css'

type FundRules = Schemas['FundTradeRulesOut']

function md(date: string): string {
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`
}

export function FeeTable({ rules }: { rules: FundRules }) {
  const discounted = Number(rules.discountFeeRatio) < 1
  return (
    <>
      <div className="pd-card__title" style={{ fontSize: 14, margin: '4px 0' }}>
        买入费率{' '}
        {discounted && (
          <span className="pd-muted">
            （
            {Number(rules.discountFeeRatio) === 0
              ? '免申购费'
              : `${Number(rules.discountFeeRatio) * 10}折优惠`}
            ）
          </span>
        )}
      </div>
      {rules.isMoneyMarket || rules.purchaseFees.length === 0 ? (
        <div className="pd-muted">本基金不收取申购费</div>
      ) : (
        <table className="pd-table" data-testid="purchase-fees">
          <thead>
            <tr>
              <th>买入金额</th>
              <th>原费率</th>
              <th>优惠费率</th>
            </tr>
          </thead>
          <tbody>
            {rules.purchaseFees.map((f) => (
              <tr key={f.condition}>
                <td>{f.condition}</td>
                <td
                  style={
                    discounted && f.rate
                      ? { textDecoration: 'line-through', color: '#696e78' }
                      : undefined
                  }
                >
                  {f.fixedFee ? `每笔${Number(f.fixedFee)}元` : formatPercent(f.rate)}
                </td>
                <td style={{ color: 'var(--app-rise)' }}>
                  {f.fixedFee ? `每笔${Number(f.fixedFee)}元` : formatPercent(f.discountedRate)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pd-card__title" style={{ fontSize: 14, margin: '12px 0 4px' }}>
        卖出费率
      </div>
      {rules.redeemFees.length === 0 ? (
        <div className="pd-muted">本基金不收取赎回费</div>
      ) : (
        <table className="pd-table" data-testid="redeem-fees">
          <thead>
            <tr>
              <th>持有期限</th>
              <th>赎回费率</th>
            </tr>
          </thead>
          <tbody>
            {rules.redeemFees.map((f) => (
              <tr key={f.condition}>
                <td>{f.condition}</td>
                <td>{formatPercent(f.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="pd-card__title" style={{ fontSize: 14, margin: '12px 0 4px' }}>
        运作费用
      </div>
      <KeyValue label="管理费">{formatPercent(rules.manageFeeRate)}/年</KeyValue>
      <KeyValue label="托管费">{formatPercent(rules.custodyFeeRate)}/年</KeyValue>
      {rules.salesServiceFeeRate && (
        <KeyValue label="销售服务费">{formatPercent(rules.salesServiceFeeRate)}/年</KeyValue>
      )}
    </>
  )
}

/** The trading timeline of one fund: when an order placed now is priced, confirmed, and
 * shows profit (buy) or reaches the card (sell). */
export function TradeTimeline({ rules }: { rules: FundRules }) {
  return (
    <>
      <div className="pd-card__title" style={{ fontSize: 14, margin: '4px 0' }}>
        买入
      </div>
      <Steps
        current={2}
        style={
          { '--title-font-size': '13px', '--description-font-size': '11px' } as React.CSSProperties
        }
      >
        <Steps.Step title="提交申请" description={`${md(rules.buy.tradeDate)} 15:00前`} />
        <Steps.Step title="确认份额" description={md(rules.buy.confirmDate)} />
        <Steps.Step title="查看收益" description={md(rules.buy.resultDate)} />
      </Steps>
      <div className="pd-card__title" style={{ fontSize: 14, margin: '8px 0 4px' }}>
        卖出
      </div>
      <Steps
        current={2}
        style={
          { '--title-font-size': '13px', '--description-font-size': '11px' } as React.CSSProperties
        }
      >
        <Steps.Step title="提交申请" description={`${md(rules.redeem.tradeDate)} 15:00前`} />
        <Steps.Step title="确认金额" description={md(rules.redeem.confirmDate)} />
        <Steps.Step title="资金到卡" description={md(rules.redeem.resultDate)} />
      </Steps>
    </>
  )
}

/** Trade rules of a fund, or of each fund of a portfolio, from the real fee schedules and
 * trading calendar. ``timeline`` draws the dates as steps (newTradeRules), else as rows. */
export function TradeRulesView({ data, timeline }: { data: TradeRules; timeline: boolean }) {
  const first = data.funds[0]
  return (
    <div className="pd-page--plain" data-testid="trade-rules">
      {first && <StatusNotice status={first.status} />}
      {first && (
        <TradingTimeNotice start={first.tradeLimitStartTime} end={first.tradeLimitEndTime} />
      )}
      <Section title={data.productName} extra={`${Number(data.minPurchaseAmount)}元起投`}>
        <KeyValue label="交易截止时间">交易日 {data.cutOffTime}</KeyValue>
        {data.adviserFeeRate && (
          <KeyValue label="投顾服务费">{formatPercent(data.adviserFeeRate)}/年</KeyValue>
        )}
        {data.weights.length > 0 &&
          data.weights.map((w) => (
            <KeyValue key={w.assetClass} label={w.assetClass}>
              {formatPercent(w.weight)}
            </KeyValue>
          ))}
      </Section>
      {data.funds.map((rules) => (
        <Section key={rules.fundCode} title={data.funds.length > 1 ? rules.fundName : '交易时间'}>
          {timeline ? (
            <TradeTimeline rules={rules} />
          ) : (
            <>
              <KeyValue label="买入确认">
                T+{rules.confirmDays}（预计{md(rules.buy.confirmDate)}确认份额）
              </KeyValue>
              <KeyValue label="查看收益">预计{md(rules.buy.resultDate)}</KeyValue>
              <KeyValue label="卖出到账">
                T+{rules.redeemSettleDays}（预计{md(rules.redeem.resultDate)}到卡）
              </KeyValue>
              <KeyValue label="最低买入">{formatMoney(rules.minPurchaseAmount)}元</KeyValue>
              <KeyValue label="最低卖出">{formatMoney(rules.minRedeemShares)}份</KeyValue>
              <KeyValue label="最低持有">{formatMoney(rules.minHoldShares)}份</KeyValue>
            </>
          )}
          <div style={{ marginTop: 12 }}>
            <FeeTable rules={rules} />
          </div>
        </Section>
      ))}
      <Section title="规则说明">
        {data.notes.map((n) => (
          <p key={n} className="pd-desc">
            {n}
          </p>
        ))}
      </Section>
    </div>
  )
}
