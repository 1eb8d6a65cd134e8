import type { KeyboardEvent } from 'react'
import './light-tabs.css'

export interface LightTab {
  key: string
  title: string
}

/**
 * A tab bar drawn by CSS alone, in the look of antd-mobile's `Tabs` (`look="line"`: the title
 * over an ink line) or `CapsuleTabs` (`look="capsule"`), for the screens of the first load
 * (docs/architecture.md#first-load): antd-mobile's tabs measure their tabs in a layout effect
 * to place the ink line or the scroll masks, which forces the whole page's layout into the
 * render's task (20–35 ms on 基金详情 and 我的). Here the ink line is the active tab's own
 * border, so nothing is measured. A tab list with roving focus and the arrow keys, as
 * antd-mobile's.
 */
export function LightTabs({
  tabs,
  activeKey,
  onChange,
  look = 'line',
  className,
}: {
  tabs: readonly LightTab[]
  activeKey: string
  onChange: (key: string) => void
  look?: 'line' | 'capsule'
  className?: string
}) {
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step || tabs.length === 0) return
    event.preventDefault()
    const index = tabs.findIndex((t) => t.key === activeKey)
    const next = tabs[(index + step + tabs.length) % tabs.length]
    onChange(next.key)
    const list = event.currentTarget
    requestAnimationFrame(() =>
      list.querySelector<HTMLElement>(`[data-key="${CSS.escape(next.key)}"]`)?.focus(),
    )
  }
  return (
    <div className={`light-tabs light-tabs--${look}${className ? ` ${className}` : ''}`}>
      <div className="light-tabs__list" role="tablist" onKeyDown={move}>
        {tabs.map((t) => (
          <div key={t.key} className="light-tabs__wrapper">
            <div
              role="tab"
              data-key={t.key}
              aria-selected={t.key === activeKey}
              tabIndex={t.key === activeKey ? 0 : -1}
              className={`light-tabs__tab${t.key === activeKey ? ' light-tabs__tab--active' : ''}`}
              onClick={() => t.key !== activeKey && onChange(t.key)}
            >
              {t.title}
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
