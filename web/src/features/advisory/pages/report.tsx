/**
 * 账户报告 (fa/report, serviceAccountId, reportMonth, reportScope): the account's monthly reports,
 * one month at a time, in the six scopes (账户概览, 持仓明细, 交易记录, 调仓记录, 投顾观点,
 * 投顾服务费).
 */
import { ErrorBlock, Selector, Tabs } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney, formatSigned, trendColor } from '@/lib/format'
import { useHomeComponent } from '../api/get-home-component'
import type { PlacedOrder } from '../api/types'
import {
  AdjustmentRow,
  HoldingsTable,
  type AdjustmentRowData,
  type HoldingsRow,
} from '../components/home-component'
import { OrderLine } from '../components/order-line'
import { useIdParam } from '../lib/params'
import { REPORT_SCOPES } from '../lib/texts'
import '../advisory.css'

type Data = Record<string, unknown>
const rows = <T,>(d: Data, k: string) => (Array.isArray(d[k]) ? (d[k] as T[]) : [])

function ScopeBody({ scope, d }: { scope: string; d: Data }) {
  switch (scope) {
    case 'SUMMARY':
    case 'HOLDINGS':
      return (
        <>
          <KeyValue label="月初资产(元)">{formatMoney(d.monthStartAsset)}</KeyValue>
          <KeyValue label="月末资产(元)">{formatMoney(d.monthEndAsset)}</KeyValue>
          <KeyValue label="本月收益(元)">
            <span style={{ color: trendColor(d.monthProfit) }}>{formatSigned(d.monthProfit)}</span>
          </KeyValue>
          <KeyValue label="当前总资产(元)">{formatMoney(d.totalAsset)}</KeyValue>
          <KeyValue label="累计收益(元)">{formatSigned(d.accumulatedProfit)}</KeyValue>
          {scope === 'HOLDINGS' && (
            <HoldingsTable holdings={rows<HoldingsRow>(d, 'holdingList')} accumulated />
          )}
        </>
      )
    case 'TRANSACTIONS': {
      const list = rows<PlacedOrder>(d, 'orderList')
      return list.length ? (
        <>
          {list.map((o) => (
            <OrderLine key={o.brokerOrderNo} order={o} />
          ))}
        </>
      ) : (
        <p className="fa-muted">本月无交易</p>
      )
    }
    case 'ADJUSTMENTS': {
      const list = rows<AdjustmentRowData>(d, 'adjustmentList')
      return list.length ? (
        <>
          {list.map((a) => (
            <AdjustmentRow key={a.adjustmentId} a={a} />
          ))}
        </>
      ) : (
        <p className="fa-muted">本月无调仓</p>
      )
    }
    case 'REPORT': {
      const list = rows<{
        announcementId: number
        title: string
        content: string
        publishTime: string
      }>(d, 'announcementList')
      return list.length ? (
        <>
          {list.map((a) => (
            <div key={a.announcementId} className="fa-row" style={{ display: 'block' }}>
              <strong>{a.title}</strong>
              <div className="fa-row__sub">{a.publishTime.slice(0, 10)}</div>
              <p className="fa-muted">{a.content}</p>
            </div>
          ))}
        </>
      ) : (
        <p className="fa-muted">本月暂无投顾观点</p>
      )
    }
    default:
      return (
        <>
          <KeyValue label="本月计提服务费(元)">{formatMoney(d.accruedFee)}</KeyValue>
          <KeyValue label="计提天数">{String(d.accrualDays ?? 0)}</KeyValue>
        </>
      )
  }
}

function MonthReport({ id, month, scope }: { id: number; month: string; scope: string }) {
  const query = useHomeComponent({
    serviceAccountId: id,
    componentType: 'ACCOUNT_REPORT',
    reportMonth: month,
    reportScope: scope,
  })
  return (
    <QueryView query={query} rows={4}>
      {(c) => <ScopeBody scope={scope} d={c.data} />}
    </QueryView>
  )
}

export default function ReportPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = useIdParam('serviceAccountId')
  const list = useHomeComponent({ serviceAccountId: id, componentType: 'ACCOUNT_REPORT' })
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params)
    next.set(k, v)
    navigate(`?${next}`, { replace: true })
  }
  return (
    <div className="fa-page fa-page--plain" data-testid="fa-report">
      <QueryView
        query={list}
        rows={4}
        isEmpty={(c) => rows(c.data, 'reportList').length === 0}
        empty={
          <ErrorBlock status="empty" title="暂无账户报告" description="签约满一个自然月后生成" />
        }
      >
        {(c) => {
          const months = rows<{ reportMonth: string }>(c.data, 'reportList').map(
            (m) => m.reportMonth,
          )
          const month = params.get('reportMonth') || months[0]
          const scope = params.get('reportScope') || 'SUMMARY'
          return (
            <>
              <Section title="报告月份">
                <Selector
                  columns={3}
                  options={months.map((m) => ({ label: m, value: m }))}
                  value={[month]}
                  onChange={(v) => v[0] && set('reportMonth', v[0])}
                />
              </Section>
              <Section>
                <Tabs activeKey={scope} onChange={(k) => set('reportScope', k)}>
                  {REPORT_SCOPES.map((s) => (
                    <Tabs.Tab key={s.key} title={s.label} />
                  ))}
                </Tabs>
                <MonthReport id={id} month={month} scope={scope} />
              </Section>
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
