import { useLayoutEffect, useRef } from 'react'
import { NavBar } from 'antd-mobile'
import { useGoBack } from '@/lib/navigation'

interface Props {
  title: string
  /** Tab pages have no way back; a screen with its own (搜索's 取消) shows no arrow. */
  back?: boolean
  right?: React.ReactNode
}

/** The app's header: the page title, and a back arrow (`useGoBack`). */
export function PageHeader({ title, back = true, right }: Props) {
  const goBack = useGoBack()
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
