/**
 * 识别资产 (transferOnline/recognition): the one screen every way in ends on
 * (docs/transfers.md#ways-in). Each row shows the catalogue fund it was matched to, its shares
 * and cost to correct, and what must change (a fund not found, a figure missing, a fund twice);
 * rows can be replaced, removed or added one by one. 下一步 opens when every row is right and a
 * financial account is chosen.
 */
import { Button, ErrorBlock, Input, Selector } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { Ways } from '../components/ways'
import { RowEditor } from '../components/row-editor'
import {
  type Draft,
  problems,
  readDraft,
  rowProblem,
  transferTargets,
  writeDraft,
} from '../lib/draft'
import { SOURCE_TEXT, TEXTS } from '../lib/texts'
import '../transfers.css'

export default function RecognitionPage() {
  const navigate = useNavigate()
  const accounts = useFinancialAccounts(false)
  const [draft, setDraft] = useState<Draft | null>(() => readDraft())
  const update = (next: Draft) => {
    writeDraft(next)
    setDraft(next)
  }
  const choices = transferTargets(accounts.data?.financialAccountList ?? [])
  const chosen = draft?.financialAccountId ?? choices.find((a) => a.isDefault)?.financialAccountId

  if (!draft || draft.rows.length === 0) {
    return (
      <div className="xfer-page">
        <ErrorBlock status="empty" title="暂无待转入的基金" description={TEXTS.noRows} />
        <Section>
          <Ways />
        </Section>
      </div>
    )
  }
  const bad = problems(draft)
  return (
    <div className="xfer-page" data-testid="transfer-recognition">
      <Section
        title={`识别结果 · ${SOURCE_TEXT[draft.source]}`}
        extra="添加基金 ›"
        onExtra={() => navigate('/transferOnline/assetAdd')}
      >
        <p className="xfer-muted">
          共{draft.rows.length}只基金
          {bad > 0 ? `，${bad}只需要修改` : '，请核对份额与成本'}
          。成本将作为转入后的持仓成本，用于计算持有收益。
        </p>
        {draft.rows.map((row) => (
          <RowEditor
            key={row.key}
            row={row}
            problem={rowProblem(row, draft.rows)}
            onChange={(r) =>
              update({ ...draft, rows: draft.rows.map((x) => (x.key === r.key ? r : x)) })
            }
            onReplace={() => navigate(`/transferOnline/assetAdd?replace=${row.key}`)}
            onRemove={() => update({ ...draft, rows: draft.rows.filter((x) => x.key !== row.key) })}
          />
        ))}
      </Section>
      <Section title="转入到">
        <QueryView query={accounts} rows={2}>
          {() => (
            <Selector
              columns={2}
              options={choices.map((a) => ({
                label: a.financialAccountName,
                value: a.financialAccountId,
              }))}
              value={chosen ? [chosen] : []}
              onChange={(v) => v[0] && update({ ...draft, financialAccountId: v[0] })}
            />
          )}
        </QueryView>
        <div className="xfer-field" style={{ marginTop: 12 }}>
          <div className="xfer-field__label">原持有平台（选填）</div>
          <Input
            aria-label="原持有平台"
            placeholder="如：天天基金、支付宝、银行"
            maxLength={32}
            value={draft.sourcePlatform ?? ''}
            onChange={(v) => update({ ...draft, sourcePlatform: v })}
          />
        </div>
      </Section>
      <div className="xfer-footer">
        <Button
          block
          color="primary"
          disabled={bad > 0 || !chosen}
          onClick={() => {
            update({ ...draft, financialAccountId: chosen })
            navigate('/transferOnline/confirm')
          }}
        >
          {bad > 0 ? `还有${bad}只基金需要修改` : '下一步'}
        </Button>
      </div>
    </div>
  )
}
