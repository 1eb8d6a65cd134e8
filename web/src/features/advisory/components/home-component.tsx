/**
 * One component of an account's home (docs/advisory.md#homepage-components), each read by its own
 * call: the composition donut, the total assets, the holdings, the funds left outside the model,
 * the adjustments, the orders, the adviser fee, the reports and the account summary.
 */
import { Tag } from 'antd-mobile'
import { useLocation, useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatPercent, formatSigned, trendColor } from '@/lib/format'
import { useHomeComponent } from '../api/get-home-component'
import type { FundHolding, HomeComponent, PlacedOrder } from '../api/types'
import { yearlyRateText, chargePeriodText, feeSourceText, feeStatusText } from '../lib/fee'
import { adjustmentPath, faPath, isRoboScreen } from '../lib/paths'
import { adjustmentColor, adjustmentLabel, contractStatusText } from '../lib/status'
import { discretionText, triggerText } from '../lib/texts'
import { Composition } from './composition'
import { OrderLine } from './order-line'

const RECENT = 5

type Data = Record<string, unknown>
const list = <T,>(data: Data, key: string): T[] =>
  Array.isArray(data[key]) ? (data[key] as T[]) : []

/** A row of the holdings table: a fund held now (FundHolding), or at a month's end in the
 * account's report (its accumulated profit instead of the holding profit). */
export type HoldingsRow = Pick<
  FundHolding,
  'fundCode' | 'fundName' | 'marketValue' | 'weight' | 'targetWeight'
> & { holdingProfit?: string; accumulatedProfit?: string }

export function HoldingsTable<T extends HoldingsRow>({
  holdings,
  onOpen,
  accumulated = false,
}: {
  holdings: T[]
  onOpen?: (h: T) => void
  /** Show each fund's accumulated profit (累计收益) instead of its holding profit. */
  accumulated?: boolean
}) {
  if (holdings.length === 0) return <p className="fa-muted">暂无持仓</p>
  return (
    <table className="fa-table" data-testid="fa-holdings">
      <thead>
        <tr>
          <th>基金</th>
          <th>市值(元)</th>
          <th>占比/目标</th>
          <th>{accumulated ? '累计收益' : '持有收益'}</th>
        </tr>
      </thead>
      <tbody>
        {holdings.map((h) => {
          const profit = accumulated ? h.accumulatedProfit : h.holdingProfit
          return (
            <tr key={h.fundCode} onClick={() => onOpen?.(h)} data-code={h.fundCode}>
              <td>
                {h.fundName}
                <div className="fa-row__sub">{h.fundCode}</div>
              </td>
              <td>{formatMoney(h.marketValue)}</td>
              <td data-testid="fa-holding-weight">
                {formatPercent(h.weight)}
                <div className="fa-row__sub">{formatPercent(h.targetWeight)}</div>
              </td>
              <td style={{ color: trendColor(profit) }}>{formatSigned(profit)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

export interface AdjustmentRowData {
  adjustmentId: number
  status: string
  trigger: string
  createTime: string
}

/** One adjustment, opening on the account's own adjustment screen (a robo account's from its
 * advisor/ screens). */
export function AdjustmentRow({ a }: { a: AdjustmentRowData }) {
  const navigate = useNavigate()
  const robo = isRoboScreen(useLocation().pathname)
  return (
    <div
      className="fa-row"
      role="button"
      data-testid="fa-adjustment-row"
      onClick={() => navigate(adjustmentPath(a.adjustmentId, robo))}
    >
      <div className="fa-row__main">
        <div>{triggerText(a.trigger)}</div>
        <div className="fa-row__sub">{a.createTime.slice(0, 16).replace('T', ' ')}</div>
      </div>
      <span style={{ color: adjustmentColor(a.status) }}>{adjustmentLabel(a.status)}</span>
    </div>
  )
}

function Body({
  type,
  data,
  serviceAccountId,
  allowSingleFundRedeem,
}: {
  type: string
  data: Data
  serviceAccountId: number
  allowSingleFundRedeem: boolean
}) {
  const navigate = useNavigate()
  switch (type) {
    case 'ASSET_COMPOSITION': {
      // each type named by the server (products' FUND_TYPE_NAMES), the one table of them
      const byType = list<{ fundTypeName: string; weight: string }>(data, 'itemList')
      const byFund = list<{ fundName: string; weight: string }>(data, 'fundList')
      return (
        <>
          <Composition
            items={byType.map((i) => ({ name: i.fundTypeName, weight: i.weight }))}
            caption="大类配置"
          />
          {byFund.length > 0 && (
            <Composition
              items={byFund.map((i) => ({ name: i.fundName, weight: i.weight }))}
              caption="基金配置"
            />
          )}
        </>
      )
    }
    case 'TOTAL_ASSET':
      return (
        <>
          <KeyValue label="总资产(元)">{formatMoney(data.totalAsset)}</KeyValue>
          <KeyValue label="基金持仓(元)">{formatMoney(data.holdingAsset)}</KeyValue>
          <KeyValue label="当前资产待确认(元)">{formatMoney(data.pendingAmount)}</KeyValue>
          <KeyValue label="钱包(元)">{formatMoney(data.walletAsset)}</KeyValue>
        </>
      )
    case 'FUND_HOLDINGS':
    case 'SCATTERED_FUND_HOLDINGS':
      return (
        <HoldingsTable
          holdings={list<FundHolding>(data, 'holdingList')}
          onOpen={
            allowSingleFundRedeem
              ? (h) => navigate(faPath('tradeFund', serviceAccountId, { fundCode: h.fundCode }))
              : undefined
          }
        />
      )
    case 'ADJUSTMENT_HISTORY': {
      const rows = list<AdjustmentRowData>(data, 'adjustmentList').slice(0, RECENT)
      return rows.length === 0 ? (
        <p className="fa-muted">暂无调仓记录</p>
      ) : (
        <>
          {rows.map((a) => (
            <AdjustmentRow key={a.adjustmentId} a={a} />
          ))}
        </>
      )
    }
    case 'TRANSACTION_HISTORY': {
      const rows = list<PlacedOrder>(data, 'orderList').slice(0, RECENT)
      return rows.length === 0 ? (
        <p className="fa-muted">暂无交易记录</p>
      ) : (
        <>
          {rows.map((o) => (
            <OrderLine key={o.brokerOrderNo} order={o} />
          ))}
        </>
      )
    }
    case 'ADVISER_CHARGE': {
      const info = (data.adviserFeeInfo ?? {}) as { feeRatio?: string; chargePeriod?: string }
      const fees = list<{
        feeId: number
        source: string
        feeAmount: string
        feeStatus: string
        periodEnd: string
      }>(data, 'feeList').slice(0, 3)
      return (
        <>
          <KeyValue label="本期已计提(元)">{formatMoney(data.accruedFee)}</KeyValue>
          <KeyValue label="费率">
            {yearlyRateText(info.feeRatio)} · {chargePeriodText(info.chargePeriod)}
          </KeyValue>
          {Number(data.totalDebt ?? 0) > 0 && (
            <KeyValue label="待支付(元)">
              <span style={{ color: 'var(--app-rise)' }}>{formatMoney(data.totalDebt)}</span>
            </KeyValue>
          )}
          {fees.map((f) => (
            <div className="fa-row" key={f.feeId}>
              <div className="fa-row__main">
                {feeSourceText(f.source)}
                <div className="fa-row__sub">{f.periodEnd}</div>
              </div>
              <div className="fa-row__end">
                {formatMoney(f.feeAmount)}元
                <div className="fa-row__sub">{feeStatusText(f.feeStatus)}</div>
              </div>
            </div>
          ))}
        </>
      )
    }
    case 'ACCOUNT_REPORT': {
      const months = list<{ reportMonth: string }>(data, 'reportList')
      return months.length === 0 ? (
        <p className="fa-muted">暂无账户报告</p>
      ) : (
        <>
          {months.slice(0, 3).map((m) => (
            <div
              className="fa-row"
              role="button"
              key={m.reportMonth}
              onClick={() =>
                navigate(faPath('report', serviceAccountId, { reportMonth: m.reportMonth }))
              }
            >
              <span>{m.reportMonth} 月度报告</span>
              <span className="fa-row__sub">查看 ›</span>
            </div>
          ))}
        </>
      )
    }
    case 'TAMP_ACCOUNT_SUMMARY':
      return (
        <>
          <KeyValue label="投顾组合">{String(data.poName ?? '--')}</KeyValue>
          <KeyValue label="服务方式">{discretionText(data.discretionType as string)}</KeyValue>
          <KeyValue label="签约状态">{contractStatusText(data.contractStatus as number)}</KeyValue>
          <KeyValue label="签约时间">
            {data.signedAt ? String(data.signedAt).slice(0, 16).replace('T', ' ') : '--'}
          </KeyValue>
          <KeyValue label="投顾团队">{String(data.teamName || '--')}</KeyValue>
        </>
      )
    default:
      return null
  }
}

/** Where a component's 更多 leads. */
function moreOf(type: string, serviceAccountId: number): string | null {
  switch (type) {
    case 'TRANSACTION_HISTORY':
      return faPath('assetOrder', serviceAccountId)
    case 'ADVISER_CHARGE':
      return faPath('serviceCharge', serviceAccountId)
    case 'ACCOUNT_REPORT':
      return faPath('report', serviceAccountId)
    case 'ADJUSTMENT_HISTORY':
      return faPath('assetOrder', serviceAccountId, { tab: 'adjustment' })
    default:
      return null
  }
}

export function HomeComponentView({
  component,
  serviceAccountId,
  allowSingleFundRedeem,
}: {
  component: HomeComponent
  serviceAccountId: number
  allowSingleFundRedeem: boolean
}) {
  const navigate = useNavigate()
  const query = useHomeComponent({ serviceAccountId, componentType: component.componentType })
  const more = moreOf(component.componentType, serviceAccountId)
  return (
    <Section
      title={
        <>
          {component.title}
          {component.componentType === 'FUND_HOLDINGS' && allowSingleFundRedeem && (
            <Tag className="asset-tag" fill="outline" color="primary">
              可单只卖出
            </Tag>
          )}
        </>
      }
      extra={more ? '更多 ›' : undefined}
      onExtra={more ? () => navigate(more) : undefined}
    >
      <div data-testid={`fa-component-${component.componentType}`}>
        <QueryView query={query} rows={2}>
          {(c) => (
            <Body
              type={component.componentType}
              data={c.data}
              serviceAccountId={serviceAccountId}
              allowSingleFundRedeem={allowSingleFundRedeem}
            />
          )}
        </QueryView>
      </div>
    </Section>
  )
}
