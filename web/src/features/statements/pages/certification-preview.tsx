/**
 * 资产证明预览 (applyCertification/preview): choose the date, the accounts and the language of
 * an asset certificate and see what it would certify; 下一步 goes to the application.
 */
import { useMemo, useState } from 'react'
import { Button, Checkbox, List, Selector } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useCertificationPreview } from '../api/calls'
import type { Language } from '../api/types'
import { LANGUAGE_TEXT } from '../lib/texts'
import '../statements.css'

export default function CertificationPreviewPage() {
  const navigate = useNavigate()
  const [date, setDate] = useState<string | null>(null)
  const [language, setLanguage] = useState<Language>('zh')
  const [unchecked, setUnchecked] = useState<number[]>([])
  const preview = useCertificationPreview(date, [], language)
  const chosen = useMemo(
    () =>
      (preview.data?.accounts ?? [])
        .filter((a) => !unchecked.includes(a.financialAccountId))
        .map((a) => a.financialAccountId),
    [preview.data, unchecked],
  )
  return (
    <div className="statements-page" data-testid="certification-preview">
      <QueryView query={preview} rows={5}>
        {(p) => {
          const total = p.accounts
            .filter((a) => chosen.includes(a.financialAccountId))
            .reduce((sum, a) => sum + Number(a.totalAsset), 0)
          return (
            <>
              <section className="statements-card">
                <div className="statements-card__label">证明日期资产合计（元）</div>
                <div className="statements-card__total" data-testid="cert-preview-total">
                  {formatMoney(total.toFixed(2))}
                </div>
                <p className="statements-note">
                  {p.holderName} · {p.idNo}
                </p>
              </section>
              <List header="证明日期">
                <List.Item>
                  <input
                    className="statements-date"
                    type="date"
                    aria-label="证明日期"
                    value={date ?? p.date}
                    min={p.minDate ?? undefined}
                    max={p.maxDate}
                    onChange={(e) => setDate(e.target.value || null)}
                  />
                </List.Item>
              </List>
              <List header="证明账户">
                {p.accounts.map((a) => (
                  <List.Item
                    key={a.financialAccountId}
                    prefix={
                      <Checkbox
                        aria-label={a.accountName}
                        checked={chosen.includes(a.financialAccountId)}
                        onChange={(on) =>
                          setUnchecked((list) =>
                            on
                              ? list.filter((id) => id !== a.financialAccountId)
                              : [...list, a.financialAccountId],
                          )
                        }
                      />
                    }
                    extra={formatMoney(a.totalAsset)}
                  >
                    {a.accountName}
                  </List.Item>
                ))}
              </List>
              <List header="证明语言">
                <List.Item>
                  <Selector
                    options={(['zh', 'en'] as const).map((v) => ({
                      label: LANGUAGE_TEXT[v],
                      value: v,
                    }))}
                    value={[language]}
                    onChange={(v) => v[0] && setLanguage(v[0])}
                  />
                </List.Item>
              </List>
              <div className="statements-actions">
                <Button
                  block
                  color="primary"
                  disabled={chosen.length === 0}
                  onClick={() =>
                    navigate(
                      `/applyCertification/apply?date=${date ?? p.date}&accounts=${chosen.join(',')}&language=${language}`,
                    )
                  }
                >
                  下一步
                </Button>
              </div>
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
