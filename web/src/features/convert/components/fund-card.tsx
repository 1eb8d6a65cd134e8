import type { ReactNode } from 'react'

interface Props {
  /** 转出基金 / 转入基金 */
  label: string
  name: string
  code: string
  tags?: string[]
  /** Figures under the name: label and value. */
  lines?: { label: string; value: ReactNode }[]
  testId?: string
}

/** One side of a conversion: the fund's name and code, its tags and a few figures. */
export function FundCard({ label, name, code, tags = [], lines = [], testId }: Props) {
  const shown = tags.filter(Boolean)
  return (
    <div className="convert-fund" data-testid={testId}>
      <div className="convert-fund__label">{label}</div>
      <div className="convert-fund__name">
        {name}
        <span className="convert-fund__code">{code}</span>
      </div>
      {shown.length > 0 && (
        <div className="convert-tags">
          {shown.map((t) => (
            <span key={t} className="convert-tag">
              {t}
            </span>
          ))}
        </div>
      )}
      {lines.length > 0 && (
        <div className="convert-fund__lines">
          {lines.map((l) => (
            <div key={l.label}>
              <span>{l.label}</span>
              <strong>{l.value}</strong>
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
