import { List, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useCardChanges } from '../../api/get-card-changes'
import '../../cards.css'

const COLORS: Record<string, string> = {
  DRAFT: 'default',
  SUBMITTED: 'warning',
  APPROVED: 'success',
  REJECTED: 'danger',
}

/** 换卡记录: the user's card-change applications. */
export default function ApplyRecordPage() {
  const navigate = useNavigate()
  const query = useCardChanges()
  return (
    <QueryView query={query} isEmpty={(l) => l.length === 0}>
      {(list) => (
        <List>
          {list.map((a) => (
            <List.Item
              key={a.applyId}
              description={a.createdAt.slice(0, 16).replace('T', ' ')}
              extra={<Tag color={COLORS[a.status] ?? 'default'}>{a.statusName}</Tag>}
              onClick={() => navigate(`/changeCard/applyDetail?applyId=${a.applyId}`)}
            >
              {a.oldCard.bankCardShowName} →{' '}
              {a.newBankName ? `${a.newBankName}(${a.newBankCardTail})` : '未填写'}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}
