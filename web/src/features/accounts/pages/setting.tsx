import { Button, Dialog, List, Switch, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useLogout } from '@/features/auth'
import { useSetting, useUpdateSetting } from '../api/get-setting'
import '../accounts.css'

/** 设置: account and security, personal information, messages, privacy, sign out. */
export default function SettingPage() {
  const navigate = useNavigate()
  const query = useSetting()
  const update = useUpdateSetting()
  const logout = useLogout()
  return (
    <QueryView query={query}>
      {(s) => (
        <div className="form-page">
          <List header="账户">
            <List.Item onClick={() => navigate('/accountManagement')}>个人信息</List.Item>
            <List.Item onClick={() => navigate('/accountSecurity')}>账户与安全</List.Item>
            <List.Item onClick={() => navigate('/bankCard')}>银行卡</List.Item>
          </List>
          <List header="通知与隐私">
            <List.Item onClick={() => navigate('/subscribeSetting')}>消息订阅</List.Item>
            <List.Item
              description="关闭后将不再根据您的偏好推荐产品"
              extra={
                <Switch
                  checked={s.personalizedRecommend}
                  aria-label="个性化推荐"
                  onChange={(v) =>
                    update.mutate(
                      { personalizedRecommend: v },
                      { onError: (err) => Toast.show({ content: err.message }) },
                    )
                  }
                />
              }
            >
              个性化推荐
            </List.Item>
            <List.Item onClick={() => navigate('/privacy')}>隐私政策</List.Item>
            <List.Item onClick={() => navigate('/serviceProtocol?protocolType=userService')}>
              用户服务协议
            </List.Item>
          </List>
          <div className="form-page__footer">
            <Button
              block
              onClick={() =>
                void Dialog.confirm({
                  content: '确定退出登录吗？',
                  onConfirm: () =>
                    logout.mutateAsync().then(() => {
                      navigate('/login', { replace: true })
                    }),
                })
              }
            >
              退出登录
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
