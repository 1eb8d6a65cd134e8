import { useState } from 'react'

/** Text longer than this collapses (docs/product.md#validation, docs/product.md#constants). */
export const BRIEF_THRESHOLD = 100

/** A block of text that collapses to its first 100 characters when it is longer, with
 * 展开 / 收起. */
export function BriefContent({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false)
  const chars = [...(text ?? '')]
  const long = chars.length > BRIEF_THRESHOLD
  return (
    <div className={`brief-content ${className ?? ''}`}>
      <span>{long && !open ? `${chars.slice(0, BRIEF_THRESHOLD).join('')}...` : text}</span>
      {long && (
        <a role="button" className="brief-content__toggle" onClick={() => setOpen(!open)}>
          {open ? '收起' : '展开'}
        </a>
      )}
    </div>
  )
}
