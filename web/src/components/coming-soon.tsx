import { Button, ErrorBlock } from 'antd-mobile'
import { useLocation, useNavigate } from 'react-router'

/** What a route shows until its screen is built: said plainly, with a way home. */
export function ComingSoon() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const onHome = pathname === '/home'
  return (
    <div className="coming-soon">
      <ErrorBlock status="empty" title="功能即将上线" description="该页面正在建设中，敬请期待" />
      {!onHome && (
        <Button color="primary" fill="outline" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      )}
    </div>
  )
}

export default ComingSoon
