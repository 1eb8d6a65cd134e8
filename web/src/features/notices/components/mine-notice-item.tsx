import { Badge, List } from 'antd-mobile'
import { MessageOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { useUnread } from '../api/get-unread'

/** 消息通知 in the menu of 我的, with the badge of unread notices (none while it loads or when
 * the count cannot be read: the menu item still leads to the notices). */
export function MineNoticeItem() {
  const navigate = useNavigate()
  const unread = useUnread()
  const total = unread.data?.total ?? 0
  return (
    <List.Item
      prefix={<MessageOutline />}
      extra={
        total > 0 ? (
          <Badge content={total > 99 ? '99+' : total} data-testid="mine-notice-badge" />
        ) : null
      }
      onClick={() => navigate('/notification')}
    >
      消息通知
    </List.Item>
  )
}
