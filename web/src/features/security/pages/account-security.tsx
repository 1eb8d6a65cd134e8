import { List, Switch, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSecuritySetting } from '../api/get-security-setting'
import { useUpdateSecuritySetting } from '../api/security-writes'
import '../security.css'

/** 账户安全: trade password, payment verification, phones, login notices, closing. */
export default function AccountSecurityPage() {
  const navigate = useNavigate()
  const query = useSecuritySetting()
  const update = useUpdateSecuritySetting()
  return (
    <QueryView query={query}>
      {(s) => (
        <div className="form-page">
          <List header="交易密码">
            {s.hasTradePassword ? (
              <>
                <List.Item onClick={() => navigate('/changeTradePasswordAuth')}>
                  修改交易密码
                </List.Item>
                <List.Item onClick={() => navigate('/resetTradePasswordAuth')}>
                  忘记交易密码
                </List.Item>
              </>
            ) : (
              <List.Item extra="未设置" onClick={() => navigate('/setTradePassword')}>
                设置交易密码
              </List.Item>
            )}
            {s.tradePasswordLocked && (
              <List.Item
                description={`锁定至 ${s.lockedUntil?.slice(0, 16).replace('T', ' ') ?? ''}，可重置密码解锁`}
              >
                交易密码已锁定
              </List.Item>
            )}
            <List.Item
              extra={s.tradeVerifyMethod === 'PASSWORD_SMS' ? '密码+短信' : '交易密码'}
              onClick={() => navigate('/payAuthMode')}
            >
              支付验证方式
            </List.Item>
          </List>
          <List header="登录与手机号">
            <List.Item extra={s.phone} onClick={() => navigate('/msgPhoneManage')}>
              手机号管理
            </List.Item>
            <List.Item
              description="在新设备登录时向手机号发送短信提醒"
              extra={
                <Switch
                  checked={s.loginNotify}
                  loading={update.isPending}
                  aria-label="登录提醒"
                  onChange={(v) =>
                    update.mutate(v, { onError: (err) => Toast.show({ content: err.message }) })
                  }
                />
              }
            >
              登录提醒
            </List.Item>
            <List.Item extra={s.lastLoginAt ? s.lastLoginAt.slice(0, 16).replace('T', ' ') : '--'}>
              最近登录
            </List.Item>
          </List>
          <List header="账户">
            <List.Item onClick={() => navigate('/closeAccount')}>注销账户</List.Item>
          </List>
        </div>
      )}
    </QueryView>
  )
}
