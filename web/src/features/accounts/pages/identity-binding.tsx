import { Button, List } from 'antd-mobile'
import { UserAddOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { redirectLocation, takeRedirect } from '@/lib/redirect'
import { useTampAccount } from '../api/get-tamp-account'
import '../accounts.css'

/** 绑定账户: where a signed-in user without an account is sent (docs/product.md#screens-and-routes); it
 * leads to opening one, and once opened, back to where they were going. */
export default function IdentityBindingPage() {
  const navigate = useNavigate()
  const query = useTampAccount()
  return (
    <QueryView query={query}>
      {(state) =>
        state.hasAccount ? (
          <div className="gate-hero">
            <UserAddOutline className="gate-hero__icon" />
            <h2>您已完成开户</h2>
            <p>账户：{state.account?.accountName}</p>
            <div className="form-page__footer">
              <Button
                block
                color="primary"
                onClick={() => navigate(redirectLocation(takeRedirect()), { replace: true })}
              >
                继续
              </Button>
            </div>
          </div>
        ) : (
          <div className="form-page">
            <div className="gate-hero">
              <UserAddOutline className="gate-hero__icon" />
              <h2>开户后即可使用该功能</h2>
              <p>根据监管要求，买卖基金前需实名开立基金账户，全程线上办理，约需3分钟。</p>
            </div>
            <div className="steps-card">
              <List>
                <List.Item description="本人有效身份证件">1. 填写身份信息并短信验证</List.Item>
                <List.Item description="本人名下借记卡">2. 绑定银行卡</List.Item>
                <List.Item description="6位数字">3. 设置交易密码</List.Item>
                <List.Item description="了解您的风险承受能力">4. 完成风险测评</List.Item>
              </List>
            </div>
            <div className="form-page__footer">
              <Button
                block
                color="primary"
                size="large"
                disabled={!state.canOpenAccount}
                onClick={() => navigate('/openAccount')}
              >
                {state.canOpenAccount ? '立即开户' : '暂不支持线上开户'}
              </Button>
            </div>
          </div>
        )
      }
    </QueryView>
  )
}
