import { useEffect, useRef } from 'react'
import { Button, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'
import { useMockBrokerVerify } from '../api/mock-broker-verify'
import '../accounts.css'

/** The broker's identity verification page, as the local broker plays it: it shows whom it
 * verifies and returns to brokerVerifyCallback with its signed ticket. */
export default function MockBrokerVerifyPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const bindId = Number(params.get('bindId'))
  const verify = useMockBrokerVerify()
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !bindId) return
    started.current = true
    verify.mutate(bindId, { onError: (err) => Toast.show({ content: err.message }) })
  }, [bindId, verify])

  if (!bindId || verify.isError) {
    return (
      <ResultView
        status="error"
        title="核验信息已失效"
        description={verify.error?.message ?? '缺少核验编号'}
        actions={[{ text: '重新开户', onClick: () => navigate('/openAccount', { replace: true }) }]}
      />
    )
  }
  const data = verify.data
  return (
    <div className="form-page">
      <p className="form-page__intro">
        以下身份信息将由{data?.brokerName ?? '券商'}核验，核验通过后完成开户。
      </p>
      <List header="待核验身份">
        <List.Item extra={data?.accountName ?? '--'}>姓名</List.Item>
        <List.Item extra={data?.identityNo ?? '--'}>证件号码</List.Item>
      </List>
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          disabled={!data}
          onClick={() =>
            data &&
            navigate(`/brokerVerifyCallback?bindId=${data.bindId}&ticket=${data.brokerTicket}`, {
              replace: true,
            })
          }
        >
          确认核验
        </Button>
      </div>
    </div>
  )
}
