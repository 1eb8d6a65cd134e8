/** 绑定结果 (pension/bindAccountResult): the pension account as the bank now holds it. */
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { usePensionAccount } from '../api/get-td-account'
import '../pension.css'

export default function PensionBindResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const opened = params.get('way') === 'open'
  const account = usePensionAccount()
  return (
    <div className="pension-page">
      <QueryView query={account} rows={3}>
        {(a) =>
          a.hasAccount && a.status === 'ACTIVE' ? (
            <ResultView
              status="success"
              title={opened ? '开户成功' : '绑定成功'}
              description={`${a.bankName}个人养老金资金账户(${a.accountTail})已可使用，${a.year}年还可缴存${a.remainingQuota}元`}
              actions={[
                {
                  text: '去缴存',
                  onClick: () => navigate('/pension/deposit', { replace: true }),
                  primary: true,
                },
                {
                  text: '返回养老金账户',
                  onClick: () => navigate('/pension/home', { replace: true }),
                },
              ]}
            />
          ) : (
            <ResultView
              status="waiting"
              title={a.hasAccount ? '开户处理中' : '尚未绑定'}
              description={
                a.hasAccount ? '请在银行页面完成开户' : '请先开通或绑定个人养老金资金账户'
              }
              actions={[
                {
                  text: '返回养老金账户',
                  onClick: () => navigate('/pension/home', { replace: true }),
                  primary: true,
                },
              ]}
            />
          )
        }
      </QueryView>
    </div>
  )
}
