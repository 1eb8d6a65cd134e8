import { useEffect, useRef, useState } from 'react'
import { Button, DotLoading, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { redirectLocation, takeRedirect } from '@/lib/redirect'
import { wechatAuthorizeUrl, useWechatLogin } from '../api/wechat-login'
import { useVisitorToken } from '../api/visitor-token'
import { LoginBrand } from '../components/login-brand'
import { afterLoginPath } from '../lib/after-login'
import { clearEntryLogin } from '../lib/entry-login'
import { isWechat, saveWechatTicket } from '../lib/wechat'
import '../auth.css'

/** 授权登录 (the target of pages needing a token). Outside WeChat: 登录 or 游客访问. In WeChat:
 * the official account's OAuth, silently (snsapi_base) and, for a new identity, with the
 * profile (snsapi_userinfo); a snapshot user is asked to open the page for real. */
export default function EmpowerPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const code = params.get('code')
  const inWechat = isWechat()
  const wechat = useWechatLogin('oa')
  const visitor = useVisitorToken()
  const [snapshot, setSnapshot] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (!inWechat || started.current) return
    started.current = true
    const here = `${window.location.origin}${window.location.pathname}`
    if (!code) {
      wechatAuthorizeUrl(here, 'snsapi_base')
        .then(({ url }) => window.location.replace(url))
        .catch((err: Error) => Toast.show({ content: err.message }))
      return
    }
    clearEntryLogin()
    wechat.mutate(code, {
      onSuccess: (data) => {
        if (data.userInfo.is_snapshotuser === 1) return setSnapshot(true)
        if (data.isBind && data.token) {
          return navigate(afterLoginPath(data.token.accountId), { replace: true })
        }
        if (data.needUserInfo) {
          wechatAuthorizeUrl(here, 'snsapi_userinfo').then(({ url }) =>
            window.location.replace(url),
          )
          return
        }
        if (data.wechatTicket) saveWechatTicket(data.wechatTicket)
        navigate('/login', { replace: true })
      },
      onError: (err) => Toast.show({ content: err.message }),
    })
  }, [code, inWechat, navigate, wechat])

  if (inWechat) {
    return (
      <div className="empower-page">
        <LoginBrand subtitle="正在通过微信授权登录" />
        <div className="page-loading">
          <DotLoading color="primary" />
          <span>正在授权...</span>
        </div>
        {snapshot && (
          <div className="snapshot-mask" role="dialog">
            <p>当前为朋友圈快照页面</p>
            <p>请点击屏幕下方「使用完整服务」</p>
            <p>完成微信授权后继续使用</p>
          </div>
        )}
      </div>
    )
  }

  return (
    <div className="empower-page">
      <LoginBrand subtitle="登录后可查看资产、交易与专属服务" />
      <div className="empower-page__actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={() => navigate('/login')}
        >
          登录
        </Button>
        <Button
          block
          size="large"
          shape="rounded"
          loading={visitor.isPending}
          onClick={() =>
            visitor.mutate(undefined, {
              onSuccess: () => navigate(redirectLocation(takeRedirect()), { replace: true }),
              onError: (err) => Toast.show({ content: err.message }),
            })
          }
        >
          游客访问
        </Button>
      </div>
      <p className="form-page__note">游客可浏览投顾专区内容，交易及资产查询需登录。</p>
    </div>
  )
}
