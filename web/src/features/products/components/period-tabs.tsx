import '@/components/product-page.css'

export const PERIODS = [
  { key: '1m', name: '近1月' },
  { key: '3m', name: '近3月' },
  { key: '6m', name: '近6月' },
  { key: '1y', name: '近1年' },
  { key: '3y', name: '近3年' },
  { key: 'ytd', name: '今年以来' },
  { key: 'all', name: '成立以来' },
] as const

export type PeriodKey = (typeof PERIODS)[number]['key']

/** The chart's period switch. */
export function PeriodTabs({
  value,
  onChange,
}: {
  value: string
  onChange: (key: PeriodKey) => void
}) {
  return (
    <div className="pd-periods" role="tablist">
      {PERIODS.map((p) => (
        <button
          key={p.key}
          type="button"
          role="tab"
          aria-selected={value === p.key}
          className={`pd-period${value === p.key ? ' pd-period--active' : ''}`}
          onClick={() => onChange(p.key)}
        >
          {p.name}
        </button>
      ))}
    </div>
  )
}
