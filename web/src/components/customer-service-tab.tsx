import { useEffect, useState } from 'react'
import { MessageOutline } from 'antd-mobile-icons'

/** The tab stays expanded this long, then collapses (docs/product.md#states,
 * docs/product.md#constants). */
export const CS_TAB_EXPANDED_MS = 3000

export interface CustomerServiceTabProps {
  /** Opens the chat (or dials the desk). */
  onOpen: () => void
  /** Hidden inside the provider's app, which has its own service entry (docs/product.md#roles). */
  hidden?: boolean
}

/** The floating customer-service tab on the right edge: it shows 在线客服 for 3 s, then
 * collapses to its icon. A tap opens the chat. */
export function CustomerServiceTab({ onOpen, hidden = false }: CustomerServiceTabProps) {
  const [expanded, setExpanded] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setExpanded(false), CS_TAB_EXPANDED_MS)
    return () => clearTimeout(timer)
  }, [])
  if (hidden) return null
  return (
    <button
      type="button"
      className={`cs-tab ${expanded ? 'cs-tab--expanded' : ''}`}
      onClick={onOpen}
      aria-label="在线客服"
    >
      <MessageOutline fontSize={18} />
      {expanded && <span className="cs-tab__text">在线客服</span>}
    </button>
  )
}
