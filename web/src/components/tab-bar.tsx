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

/** Bottom tabs 首页 and 我的 (docs/product.md#screens-and-routes). The bottom bar is drawn as
 * antd-mobile's TabBar draws it (its look is in index.css), without its props machinery, badges
 * and safe-area component: it comes with every tab page's first render
 * (docs/architecture.md#first-load). */
export function AppTabBar({ variant = 'bottom' }: { variant?: TabBarStyle }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  if (variant === 'floating') {
    return (
      <nav className="app-tab-float" aria-label="底部导航">
        {TABS.map((tab) => (
          <button
            key={tab.key}
            type="button"
            className={`app-tab-float__item ${pathname === tab.key ? 'is-active' : ''}`}
            onClick={() => navigate(tab.key)}
          >
            {tab.icon}
            <span>{tab.title}</span>
          </button>
        ))}
      </nav>
    )
  }
  return (
    <div className="app-tab-bar">
      <div className="app-tab-bar__wrap">
        {TABS.map((tab) => (
          <div
            key={tab.key}
            className={`app-tab-bar__item${pathname === tab.key ? ' is-active' : ''}`}
            onClick={() => navigate(tab.key)}
          >
            <div className="app-tab-bar__icon">{tab.icon}</div>
            <div className="app-tab-bar__title">{tab.title}</div>
          </div>
        ))}
      </div>
    </div>
  )
}
