import { useLayoutEffect, useRef } from 'react'
import { NavBar } from 'antd-mobile'
import { useNavigate } from 'react-router'

interface Props {
  title: string
  /** Tab pages have no way back. */
  back?: boolean
  right?: React.ReactNode
}

/** The app's header: the page title, and a back arrow that leaves the app for home when there
 * is no history to go back to (a link opened straight into a page). */
export function PageHeader({ title, back = true, right }: Props) {
  const navigate = useNavigate()
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/home', { replace: true })
  }
  // antd-mobile's left slot is always a role=button: it is named 后退 (the pages' own 返回
  // buttons keep their name), and a tab page, which has no way back, offers no nameless button
  const bar = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const left = bar.current?.querySelector('.adm-nav-bar-left')
    if (!left) return
    if (back) {
      left.setAttribute('role', 'button')
      left.setAttribute('aria-label', '后退')
    } else {
      left.removeAttribute('role')
      left.removeAttribute('aria-label')
    }
  }, [back])
  return (
    <div ref={bar} className="page-header">
      <NavBar back={back ? '' : null} backIcon={back} onBack={goBack} right={right}>
        {title}
      </NavBar>
    </div>
  )
}
