import { Button, List, Switch, Toast } from 'antd-mobile'
import { QueryView } from '@/components/query-view'
import { useSubscription, useUnsubscribe } from '../api/official-account'
import { useSetting, useUpdateSetting, type Setting } from '../api/get-setting'
import '../accounts.css'

const TOPICS: { key: keyof Setting & string; title: string; text: string }[] = [
  { key: 'tradeNotify', title: '交易提醒', text: '买入、卖出确认及资金到账' },
  { key: 'profitNotify', title: '收益播报', text: '每日收益与月度账单' },
  { key: 'marketingNotify', title: '活动资讯', text: '投顾观点与平台活动' },
]

/** 订阅设置: which messages come, and the official account's pushes. */
export default function SubscribeSettingPage() {
  const setting = useSetting()
  const update = useUpdateSetting()
  const subscription = useSubscription()
  const unsubscribe = useUnsubscribe()
  return (
    <div className="form-page">
      <QueryView query={setting}>
        {(s) => (
          <List header="消息订阅">
            {TOPICS.map((t) => (
              <List.Item
                key={t.key}
                description={t.text}
                extra={
                  <Switch
                    checked={Boolean(s[t.key])}
                    aria-label={t.title}
                    onChange={(v) =>
                      update.mutate(
                        { [t.key]: v },
                        { onError: (err) => Toast.show({ content: err.message }) },
                      )
                    }
                  />
                }
              >
                {t.title}
              </List.Item>
            ))}
          </List>
        )}
      </QueryView>
      <QueryView query={subscription} rows={1}>
        {(sub) => (
          <List header="微信公众号">
            <List.Item
              description={
                sub.hasWechat
                  ? '通过公众号接收交易及收益提醒'
                  : '在微信中打开并授权后，可通过公众号接收提醒'
              }
              extra={sub.subscribed ? '已关注' : '未关注'}
            >
              公众号消息
            </List.Item>
            {sub.subscribed && (
              <div className="form-page__footer">
                <Button
                  block
                  loading={unsubscribe.isPending}
                  onClick={() =>
                    unsubscribe.mutate(undefined, {
                      onSuccess: () => Toast.show({ content: '已关闭公众号消息' }),
                      onError: (err) => Toast.show({ content: err.message }),
                    })
                  }
                >
                  关闭公众号消息
                </Button>
              </div>
            )}
          </List>
        )}
      </QueryView>
    </div>
  )
}
