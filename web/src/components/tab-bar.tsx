import { AppOutline, UserOutline } from 'antd-mobile-icons'
import { useLocation, useNavigate } from 'react-router'
import type { Environment } from '@/lib/env'

const TABS = [
  { key: '/home', title: '首页', icon: <AppOutline /> },
  { key: '/mine', title: '我的', icon: <UserOutline /> },
]

/** The two tab-bar styles (docs/product.md#screens-and-routes): the full-width bottom bar, or a
 * compact floating bar for hosts that have their own navigation. */
export type TabBarStyle = 'bottom' | 'floating'

/** A normal or WeChat browser shows the bottom bar when the broker enables it
 * (isH5BottomNavEnabled); a mini program or an iframe (whose host app has its own tabs), or a
 * broker that disables it, gets the floating bar. */
export function tabBarStyle(env: Environment, isH5BottomNavEnabled: boolean): TabBarStyle {
  if (env === 'miniProgram' || env === 'iframe') return 'floating'
  return isH5BottomNavEnabled ? 'bottom' : 'floating'
}

/** Bottom tabs 首页 and 我的 (docs/product.md#screens-and-routes), buttons in a navigation
 * landmark in both styles (the current one marked for screen readers). The bottom bar is drawn
 * as antd-mobile's TabBar draws it (its look is in index.css), without its props machinery,
 * badges and safe-area component: it comes with every tab page's first render
 * (docs/architecture.md#first-load). */
export function AppTabBar({ variant = 'bottom' }: { variant?: TabBarStyle }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const block = variant === 'floating' ? 'app-tab-float' : 'app-tab-bar'
  const items = TABS.map((tab) => {
    const current = pathname === tab.key
    return (
      <button
        key={tab.key}
        type="button"
        className={`${block}__item${current ? ' is-active' : ''}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => navigate(tab.key)}
      >
        <span className={`${block}__icon`}>{tab.icon}</span>
        <span className={`${block}__title`}>{tab.title}</span>
      </button>
    )
  })
  return (
    <nav className={block} aria-label="底部导航">
      {variant === 'floating' ? items : <div className="app-tab-bar__wrap">{items}</div>}
    </nav>
  )
}
