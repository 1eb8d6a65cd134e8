import { useEffect, useRef } from 'react'
import { DotLoading } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'
import { useConfirmOpenAccount } from '../api/open-account'
import '../accounts.css'

/** Back from the broker's verification: its ticket opens the account. */
export default function BrokerVerifyCallbackPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const bindId = Number(params.get('bindId'))
  const ticket = params.get('ticket') ?? ''
  const confirm = useConfirmOpenAccount()
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !bindId || !ticket) return
    started.current = true
    confirm.mutate(
      { bindId, brokerTicket: ticket },
      { onSuccess: () => navigate('/accountResult', { replace: true }) },
    )
  }, [bindId, ticket, confirm, navigate])

  if (!bindId || !ticket || confirm.isError) {
    return (
      <ResultView
        status="error"
        title="身份核验未通过"
        description={confirm.error?.message ?? '核验信息不完整'}
        actions={[{ text: '重新开户', onClick: () => navigate('/openAccount', { replace: true }) }]}
      />
    )
  }
  return (
    <div className="page-loading" role="status">
      <DotLoading color="primary" />
      <span>正在完成开户...</span>
    </div>
  )
}
