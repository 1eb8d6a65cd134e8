import { Button, List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { usePaymentPhones } from '../api/get-payment-phones'
import '../security.css'

/** 手机号管理: the login phone, the account's reserved phone and each card's. */
export default function MsgPhoneManagePage() {
  const navigate = useNavigate()
  const query = usePaymentPhones()
  return (
    <QueryView query={query}>
      {(p) => (
        <div className="form-page">
          <List header="登录及开户预留手机号">
            <List.Item extra={p.loginPhone}>登录手机号</List.Item>
            <List.Item extra={p.accountPhone ?? '未开户'}>开户预留手机号</List.Item>
          </List>
          <List header="银行卡预留手机号">
            {p.cards.length === 0 && <List.Item>暂无绑定的银行卡</List.Item>}
            {p.cards.map((c) => (
              <List.Item
                key={String(c.paymentMethodId)}
                extra={String(c.phone)}
                onClick={() =>
                  navigate(`/changeBankcardExplain?paymentMethodId=${String(c.paymentMethodId)}`)
                }
              >
                {String(c.bankCardShowName)}
              </List.Item>
            ))}
          </List>
          <div className="form-page__footer">
            <Button
              block
              color="primary"
              onClick={() => navigate('/identityVerify?scene=updatePhone')}
            >
              更换手机号
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
