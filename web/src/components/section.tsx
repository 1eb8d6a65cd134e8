import type { ReactNode } from 'react'
import './section.css'

/** A white card with a title row (product pages are stacks of these). */
export function Section({
  title,
  extra,
  onExtra,
  children,
  className,
}: {
  title?: ReactNode
  extra?: ReactNode
  onExtra?: () => void
  children: ReactNode
  className?: string
}) {
  return (
    <section className={`pd-card ${className ?? ''}`}>
      {(title || extra) && (
        <div className="pd-card__head">
          <div className="pd-card__title">{title}</div>
          {extra && (
            <div className="pd-card__extra" onClick={onExtra} role={onExtra ? 'link' : undefined}>
              {extra}
            </div>
          )}
        </div>
      )}
      {children}
    </section>
  )
}

/** A label and value line. */
export function KeyValue({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="pd-kv">
      <span className="pd-kv__key">{label}</span>
      <span className="pd-kv__value">{children}</span>
    </div>
  )
}
