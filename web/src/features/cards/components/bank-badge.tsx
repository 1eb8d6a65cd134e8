/** A bank's badge: its colour class and the first character of its short name (the default
 * bank-card icon of docs/product.md#screens-and-routes). */
export function BankBadge({ name, color }: { name: string; color: string }) {
  return (
    <span className={`bank-badge bank-badge--${color}`} aria-hidden>
      {name.replace(/^中国/, '').slice(0, 1)}
    </span>
  )
}
