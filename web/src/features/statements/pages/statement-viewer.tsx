/**
 * 对账单 viewer (profitBookList with financialAccountId, reportType, period): asks for the
 * statement (rendered by a task on first opening), waits while it is 生成中, then shows its
 * figures and the PDF itself.
 */
import { useEffect, useRef } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { DotLoading, ErrorBlock } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { formatMoney, formatSigned } from '@/lib/format'
import { fetchPdf, generateReport, reportQueryOptions } from '../api/calls'
import type { ReportType } from '../api/types'
import { PdfFrame } from '../components/pdf-frame'
import '../statements.css'

export default function StatementViewerPage() {
  const [params] = useSearchParams()
  const financialAccountId = Number(params.get('financialAccountId')) || 0
  const reportType = (params.get('reportType') === 'year' ? 'year' : 'month') as ReportType
  const period = params.get('period') ?? ''
  const ask = useMutation({ mutationFn: generateReport })
  const { mutate } = ask
  const asked = useRef('')
  useEffect(() => {
    const key = `${financialAccountId}:${reportType}:${period}`
    if (!financialAccountId || !period || asked.current === key) return
    asked.current = key
    mutate({ financialAccountId, reportType, period })
  }, [financialAccountId, reportType, period, mutate])
  const report = useQuery(reportQueryOptions(ask.data?.reportId ?? 0))
  const r = report.data ?? ask.data
  if (ask.isError) {
    return <ErrorBlock status="default" title="对账单生成失败" description={ask.error.message} />
  }
  if (!r || r.status === 'pending') {
    return (
      <div className="statements-frame__state" role="status">
        <DotLoading color="primary" />
        <span>对账单生成中，请稍候...</span>
      </div>
    )
  }
  if (r.status === 'failed') {
    return <ErrorBlock status="default" title="对账单生成失败" description="请稍后重新打开" />
  }
  return (
    <div className="statements-page" data-testid="statement-viewer">
      <section className="statements-card">
        <div className="statements-card__label">
          {r.accountName} · {r.title}
        </div>
        <dl className="statements-kinds">
          <div>
            <dt>期末资产</dt>
            <dd data-testid="statement-market-value">{formatMoney(r.marketValue)}</dd>
          </div>
          <div>
            <dt>本期收益</dt>
            <dd data-testid="statement-profit">{formatSigned(r.profit)}</dd>
          </div>
          <div>
            <dt>本期分红</dt>
            <dd>{formatMoney(r.dividends)}</dd>
          </div>
          <div>
            <dt>本期费用</dt>
            <dd>{formatMoney(r.fees)}</dd>
          </div>
          <div>
            <dt>持仓数</dt>
            <dd>{r.holdingsCount}</dd>
          </div>
          <div>
            <dt>交易笔数</dt>
            <dd>{r.ordersCount}</dd>
          </div>
        </dl>
      </section>
      {r.holdings.length > 0 && (
        <section className="statements-section" data-testid="statement-holdings">
          <h3 className="statements-section__title">期末持仓</h3>
          {r.holdings.map((h, i) => (
            <div className="statements-row" key={`${h.portfolioName}/${h.productCode}/${i}`}>
              <div>
                <div className="statements-row__name">{h.productName}</div>
                <div className="statements-row__sub">
                  {h.portfolioName ? `${h.productCode} · ${h.portfolioName}` : h.productCode}
                </div>
              </div>
              <div className="statements-row__amount">{formatMoney(h.marketValue)}</div>
            </div>
          ))}
        </section>
      )}
      <PdfFrame
        title={r.title}
        fileName={r.fileName}
        load={() => fetchPdf('/account/assetReportFile', { reportId: r.reportId })}
      />
    </div>
  )
}
