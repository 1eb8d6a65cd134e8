import { Button, Dialog, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { useCloseAccount } from '../api/close-account'
import '../security.css'

/** 注销账户: the conditions, the identity check, and the closing itself. */
export default function CloseAccountPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const ticket = params.get('ticket')
  const close = useCloseAccount()
  return (
    <div className="form-page">
      <p className="form-page__intro">
        注销后账户将无法登录和交易，交易记录按监管要求保存。注销需同时满足：
      </p>
      <List>
        <List.Item>账户内无持仓资产，且无在途交易</List.Item>
        <List.Item>已赎回的资金均已到账</List.Item>
        <List.Item>通过证件号码与短信验证</List.Item>
      </List>
      <div className="form-page__footer">
        {ticket ? (
          <Button
            block
            color="danger"
            loading={close.isPending}
            onClick={() => {
              void Dialog.confirm({
                title: '确认注销',
                content: '注销后不可恢复，银行卡将同时解绑。确定注销吗？',
                confirmText: '确认注销',
                onConfirm: () =>
                  close.mutateAsync(ticket).then(
                    () => {
                      Toast.show({ icon: 'success', content: '账户已注销' })
                      navigate('/login', { replace: true })
                    },
                    (err: Error) => {
                      Toast.show({ content: err.message })
                    },
                  ),
              })
            }}
          >
            确认注销
          </Button>
        ) : (
          <Button
            block
            color="danger"
            fill="outline"
            onClick={() => navigate('/identityVerify?scene=closeAccount')}
          >
            申请注销
          </Button>
        )}
      </div>
    </div>
  )
}
