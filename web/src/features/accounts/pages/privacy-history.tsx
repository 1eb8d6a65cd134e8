import { List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { PRIVACY_HISTORY } from '../protocols'
import '../accounts.css'

/** 隐私政策历史版本. */
export default function PrivacyHistoryPage() {
  const navigate = useNavigate()
  return (
    <List header="隐私政策历史版本">
      {PRIVACY_HISTORY.map((v, i) => (
        <List.Item
          key={v.version}
          description={`${v.effective} 生效 · ${v.note}`}
          extra={i === 0 ? '当前版本' : ''}
          onClick={i === 0 ? () => navigate('/privacy') : undefined}
        >
          {v.version}
        </List.Item>
      ))}
    </List>
  )
}
