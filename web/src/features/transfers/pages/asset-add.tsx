/**
 * 添加资产 (transferOnline/assetAdd): search the catalogue by code or name (searchFund) and add
 * a fund with its shares and cost to the rows being checked; with `replace` (a row's key) the
 * chosen fund takes the place of a row's unmatched one, keeping its figures.
 */
import { Button, ErrorBlock, Input, List, SearchBar } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useFundSearch } from '../api/calls'
import type { FundHit } from '../api/types'
import { addManualRow, readDraft, rowProblem, writeDraft } from '../lib/draft'
import { RECOGNITION_PATH } from '../lib/use-recognize'
import '../transfers.css'

export default function AssetAddPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const replace = params.get('replace')
  const [keyword, setKeyword] = useState('')
  const [fund, setFund] = useState<FundHit | null>(null)
  const [shares, setShares] = useState('')
  const [cost, setCost] = useState('')
  const hits = useFundSearch(keyword)

  const choose = (hit: FundHit) => {
    const draft = readDraft()
    const row = draft?.rows.find((r) => r.key === replace)
    if (draft && row) {
      const fixed = {
        ...row,
        fundCode: hit.fundCode,
        fundName: hit.fundName,
        status: 'edited' as const,
      }
      writeDraft({ ...draft, rows: draft.rows.map((r) => (r.key === row.key ? fixed : r)) })
      navigate(RECOGNITION_PATH, { replace: true })
      return
    }
    setFund(hit)
  }

  const candidate = fund
    ? {
        key: 'new',
        fundCode: fund.fundCode,
        fundName: fund.fundName,
        shares,
        cost,
        status: 'ok' as const,
        message: '',
        given: '',
      }
    : null
  const problem = candidate ? rowProblem(candidate, [candidate]) : ''

  const add = () => {
    if (!fund || problem) return
    writeDraft(
      addManualRow(readDraft(), { fundCode: fund.fundCode, fundName: fund.fundName, shares, cost }),
    )
    navigate(RECOGNITION_PATH, { replace: true })
  }

  return (
    <div className="xfer-page">
      <Section title={replace ? '更换基金' : '添加基金'}>
        <SearchBar
          placeholder="输入基金代码或名称"
          value={keyword}
          onChange={(v) => {
            setKeyword(v)
            setFund(null)
          }}
        />
        {!fund && keyword.trim() && (
          <QueryView
            query={hits}
            rows={3}
            isEmpty={(d) => d.length === 0}
            empty={
              <ErrorBlock status="empty" title="未找到相关基金" description="请检查代码或名称" />
            }
          >
            {(d) => (
              <List data-testid="transfer-search">
                {d.map((h) => (
                  <List.Item
                    key={h.fundCode}
                    description={h.fundCode}
                    onClick={() => choose(h)}
                    clickable
                  >
                    {h.fundName}
                  </List.Item>
                ))}
              </List>
            )}
          </QueryView>
        )}
      </Section>
      {fund && (
        <Section title={fund.fundName} extra={fund.fundCode}>
          <div className="xfer-row__fields">
            <label className="xfer-field">
              <div className="xfer-field__label">持有份额(份)</div>
              <Input
                aria-label="持有份额"
                inputMode="decimal"
                value={shares}
                onChange={setShares}
              />
            </label>
            <label className="xfer-field">
              <div className="xfer-field__label">持仓成本(元)</div>
              <Input aria-label="持仓成本" inputMode="decimal" value={cost} onChange={setCost} />
            </label>
          </div>
          {(shares || cost) && problem && <p className="xfer-error">{problem}</p>}
          <div className="xfer-actions" style={{ margin: '16px 0 0' }}>
            <Button block color="primary" disabled={!!problem} onClick={add}>
              添加到转入列表
            </Button>
          </div>
        </Section>
      )}
    </div>
  )
}
