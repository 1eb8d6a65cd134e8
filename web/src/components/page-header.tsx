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
  return (
    <NavBar
      className="page-header"
      back={back ? '' : null}
      backIcon={back}
      onBack={goBack}
      right={right}
    >
      {title}
    </NavBar>
  )
}
