/** 缴存记录 (pension/depositRecord): a year's contributions, newest first, with the year's total
 * against the cap; the years since personal pension began (2022) can be chosen. */
import { useState } from 'react'
import { ErrorBlock, List, Tabs } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useContributions } from '../api/query-recharge'
import { PENSION_TEXTS } from '../lib/texts'
import '../pension.css'

const FIRST_YEAR = 2022

export default function PensionDepositRecordPage() {
  const [year, setYear] = useState<number | null>(null)
  const records = useContributions(year)
  const shown = year ?? records.data?.year ?? null
  const years = records.data
    ? Array.from({ length: Math.max(records.data.year, shown ?? 0) - FIRST_YEAR + 1 }, (_, i) =>
        String(Math.max(records.data.year, shown ?? 0) - i),
      )
    : []
  return (
    <div className="pension-page">
      {years.length > 0 && (
        <Tabs activeKey={String(shown)} onChange={(k) => setYear(Number(k))}>
          {years.map((y) => (
            <Tabs.Tab key={y} title={`${y}年`} />
          ))}
        </Tabs>
      )}
      <QueryView query={records} rows={5}>
        {(r) => (
          <>
            <div className="pension-card" data-testid="record-summary">
              <div className="pension-figures">
                <div>
                  {r.year}年已缴存(元)<strong>{formatMoney(r.yearContributed)}</strong>
                </div>
                <div>
                  剩余额度(元)<strong>{formatMoney(r.remainingQuota)}</strong>
                </div>
              </div>
            </div>
            {r.list.length === 0 ? (
              <ErrorBlock status="empty" title={PENSION_TEXTS.noRecords} description="" />
            ) : (
              <List data-testid="record-list">
                {r.list.map((c) => (
                  <List.Item
                    key={c.applyNo}
                    description={`${c.bankCardShowName} · ${(c.confirmedAt ?? c.appliedAt).slice(0, 10)}`}
                    extra={<strong>+{formatMoney(c.amount)}</strong>}
                  >
                    缴存成功
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </QueryView>
    </div>
  )
}
