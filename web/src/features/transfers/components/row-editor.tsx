import { Input } from 'antd-mobile'
import type { DraftRow } from '../lib/draft'
import { ROW_STATUS_TEXT } from '../lib/texts'

/** One row on the recognition screen: the fund as matched, its shares and cost to correct,
 * what is wrong with it, and 更换基金 / 删除. */
export function RowEditor({
  row,
  problem,
  onChange,
  onReplace,
  onRemove,
}: {
  row: DraftRow
  problem: string
  onChange: (row: DraftRow) => void
  onReplace: () => void
  onRemove: () => void
}) {
  const bad = !!problem
  const tag = row.status === 'edited' ? '' : ROW_STATUS_TEXT[row.status]
  const edit = (field: 'shares' | 'cost', value: string) =>
    onChange({
      ...row,
      [field]: value.trim(),
      // Figures do not mend a fund that cannot come in: it must be replaced or removed.
      status: row.status === 'unknown' || row.status === 'pension' ? row.status : 'edited',
    })
  return (
    <div className="xfer-row" data-testid="transfer-row" data-code={row.fundCode} data-bad={bad}>
      <div className="xfer-row__head">
        <span className="xfer-row__name">
          {row.fundName || row.given || '未识别的基金'}
          <span className="xfer-row__code">{row.fundCode}</span>
        </span>
        {tag && (
          <span
            className={`xfer-row__tag xfer-row__tag--${bad || row.status !== 'ok' ? 'bad' : 'ok'}`}
          >
            {tag}
          </span>
        )}
      </div>
      <div className="xfer-row__fields">
        <label className={`xfer-field ${bad && problem.includes('份额') ? 'xfer-field--bad' : ''}`}>
          <div className="xfer-field__label">持有份额(份)</div>
          <Input
            aria-label={`${row.fundCode}持有份额`}
            inputMode="decimal"
            value={row.shares}
            onChange={(v) => edit('shares', v)}
          />
        </label>
        <label className={`xfer-field ${bad && problem.includes('成本') ? 'xfer-field--bad' : ''}`}>
          <div className="xfer-field__label">持仓成本(元)</div>
          <Input
            aria-label={`${row.fundCode}持仓成本`}
            inputMode="decimal"
            value={row.cost}
            onChange={(v) => edit('cost', v)}
          />
        </label>
      </div>
      {(problem || (row.status === 'byName' && row.message)) && (
        <div className="xfer-row__problem" data-testid="transfer-row-problem">
          {problem || row.message}
        </div>
      )}
      <div className="xfer-row__actions">
        <button type="button" className="xfer-link" onClick={onReplace}>
          更换基金
        </button>
        <button type="button" className="xfer-link xfer-link--danger" onClick={onRemove}>
          删除
        </button>
      </div>
    </div>
  )
}
