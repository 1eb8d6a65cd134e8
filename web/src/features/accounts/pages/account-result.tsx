import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { useTampAccount } from '../api/get-tamp-account'
import '../accounts.css'

/** 开户结果: opened, and what is still to do before the first purchase. */
export default function AccountResultPage() {
  const navigate = useNavigate()
  const query = useTampAccount()
  return (
    <QueryView query={query}>
      {(state) => {
        const account = state.account
        if (!state.hasAccount || !account) {
          return (
            <ResultView
              status="info"
              title="尚未开户"
              actions={[{ text: '去开户', onClick: () => navigate('/openAccount') }]}
            />
          )
        }
        const next = !account.hasPaymentMethod
          ? { text: '绑定银行卡', to: '/bind-payment-method?from=/accountResult' }
          : !account.hasTradePassword
            ? { text: '设置交易密码', to: '/setTradePassword?from=/accountResult' }
            : !account.riskGrade5
              ? { text: '去风险测评', to: '/riskSurvey?from=/accountResult' }
              : { text: '完成', to: '/mine' }
        return (
          <ResultView
            status="success"
            title="开户成功"
            description={`${account.accountName}，您的基金账户已开立`}
            actions={[
              { text: next.text, onClick: () => navigate(next.to, { replace: true }) },
              {
                text: '返回我的',
                onClick: () => navigate('/mine', { replace: true }),
                primary: false,
              },
            ]}
          >
            <div className="steps-card">
              <List header="开户后还需完成">
                <List.Item extra={account.hasPaymentMethod ? '已完成' : '待完成'}>
                  绑定银行卡
                </List.Item>
                <List.Item extra={account.hasTradePassword ? '已完成' : '待完成'}>
                  设置交易密码
                </List.Item>
                <List.Item extra={account.riskGrade5 ? '已完成' : '待完成'}>风险测评</List.Item>
              </List>
            </div>
          </ResultView>
        )
      }}
    </QueryView>
  )
}
