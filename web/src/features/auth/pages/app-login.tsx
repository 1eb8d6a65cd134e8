import { useEffect, useRef, useState } from 'react'
import { DotLoading } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { setSession } from '@/lib/session'
import { getCustomer } from '../api/get-customer'
import { readEntryLogin, storedEntryLogin } from '../lib/entry-login'
import { afterLoginPath } from '../lib/after-login'
import { ResultView } from '@/components/result-view'
import '../auth.css'

const BACK_AFTER_MS = 5000

/** 登录 inside the provider's app: the app hands its token and brokerUserId in the query; the
 * session lives as long as the expired-login record (2 minutes for the app's links). An
 * expired or refused token shows 登录已过期，请返回重试 and goes back after 5 s. */
export default function AppLoginPage() {
  const navigate = useNavigate()
  const [record] = useState(() => readEntryLogin(window.location.search) ?? storedEntryLogin())
  const [expired, setExpired] = useState(record === null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !record) return
    started.current = true
    const left = Math.max(0, Math.round((record.expired - Date.now()) / 1000))
    setSession({
      accessToken: record.token,
      expiresIn: left + 300,
      brokerUserId: record.brokerUserId,
    })
    getCustomer()
      .then((me) => {
        if (me.brokerUserId !== record.brokerUserId) throw new ApiError('登录已过期', 40100, 401)
        setSession({
          accessToken: record.token,
          expiresIn: left + 300,
          brokerUserId: me.brokerUserId,
          accountId: me.accountId,
        })
        navigate(afterLoginPath(me.accountId), { replace: true })
      })
      .catch(() => setExpired(true))
  }, [navigate, record])

  useEffect(() => {
    if (!expired) return
    const timer = setTimeout(() => window.history.back(), BACK_AFTER_MS)
    return () => clearTimeout(timer)
  }, [expired])

  if (expired) {
    return (
      <ResultView
        status="warning"
        title="登录已过期，请返回重试"
        description="5秒后将自动返回"
        actions={[{ text: '立即返回', onClick: () => window.history.back() }]}
      />
    )
  }
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>正在登录...</span>
    </div>
  )
}
