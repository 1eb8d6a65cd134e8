/**
 * 确认转入 (transferOnline/confirm): the checked rows, the financial account and the total cost
 * once more, and 确认提交 (submit); the answer opens the result.
 */
import { Button, Checkbox, ErrorBlock, Skeleton } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { formatMoney, formatNumber } from '@/lib/format'
import Decimal from 'decimal.js'
import { submitTransfer } from '../api/calls'
import { clearDraft, problems, readDraft } from '../lib/draft'
import { TEXTS } from '../lib/texts'
import '../transfers.css'

export default function ConfirmPage() {
  const navigate = useNavigate()
  const draft = readDraft()
  const accounts = useFinancialAccounts(false)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  if (!draft || draft.rows.length === 0 || problems(draft) > 0 || !draft.financialAccountId) {
    return (
      <div className="xfer-page">
        <ErrorBlock status="empty" title="请先核对要转入的基金" description="" />
        <div className="xfer-actions">
          <Button block color="primary" onClick={() => navigate('/transferOnline/recognition')}>
            返回核对
          </Button>
        </div>
      </div>
    )
  }
  const account = accounts.data?.financialAccountList.find(
    (a) => a.financialAccountId === draft.financialAccountId,
  )
  const total = draft.rows.reduce((s, r) => s.plus(r.cost), new Decimal(0))
  const submit = async () => {
    setBusy(true)
    setError('')
    try {
      const app = await submitTransfer({
        financialAccountId: draft.financialAccountId as number,
        source: draft.source,
        sourcePlatform: draft.sourcePlatform ?? '',
        items: draft.rows.map((r) => ({ fundCode: r.fundCode, shares: r.shares, cost: r.cost })),
      })
      clearDraft()
      navigate(`/transferOnline/bulkUploadResult?applicationId=${app.applicationId}`, {
        replace: true,
      })
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请重试')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="xfer-page" data-testid="transfer-confirm">
      <Section title="转入明细">
        <table className="xfer-table">
          <thead>
            <tr>
              <th>基金</th>
              <th>持有份额</th>
              <th>持仓成本(元)</th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.map((r) => (
              <tr key={r.key}>
                <td>
                  {r.fundName}
                  <div className="xfer-row__code" style={{ marginLeft: 0 }}>
                    {r.fundCode}
                  </div>
                </td>
                <td>{formatNumber(r.shares)}</td>
                <td>{formatMoney(r.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="xfer-muted" data-testid="transfer-target">
          转入到：
          {accounts.isPending ? (
            <Skeleton animated className="xfer-target__loading" aria-label="正在加载" />
          ) : (
            (account?.financialAccountName ?? '--')
          )}
          {draft.sourcePlatform ? ` · 原平台：${draft.sourcePlatform}` : ''}
        </div>
        <p className="xfer-muted">{TEXTS.arrival}</p>
      </Section>
      <div className="xfer-footer">
        <div className="xfer-footer__sum" data-testid="transfer-total">
          共{draft.rows.length}只基金，持仓成本合计 {formatMoney(total.toFixed(2))}元
        </div>
        <Checkbox checked={agreed} onChange={setAgreed} style={{ fontSize: 12, marginBottom: 8 }}>
          我确认以上持仓真实有效，并同意按所填成本计算收益
        </Checkbox>
        {error && <p className="xfer-error">{error}</p>}
        <Button block color="primary" disabled={!agreed} loading={busy} onClick={submit}>
          确认提交
        </Button>
      </div>
    </div>
  )
}
