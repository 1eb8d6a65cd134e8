/** A small row of choices (chart series, periods, month/year). */
export function SwitchTabs<K extends string | number>({
  options,
  value,
  onChange,
}: {
  options: readonly { key: K; name: string }[]
  value: K
  onChange: (key: K) => void
}) {
  return (
    <div className="asset-switch" role="tablist">
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="tab"
          aria-selected={value === o.key}
          className={`asset-switch__tab${value === o.key ? ' is-active' : ''}`}
          onClick={() => onChange(o.key)}
        >
          {o.name}
        </button>
      ))}
    </div>
  )
}
