import { List } from 'antd-mobile'
import { MEMBER_BENEFITS } from './benefits'
import '../../auth.css'

/** 会员权益: the benefits in full. */
export default function MemberRichViewPage() {
  return (
    <div className="explain-page">
      <h2>会员权益说明</h2>
      <List>
        {MEMBER_BENEFITS.map((b) => (
          <List.Item key={b.title} description={b.text}>
            {b.title}（{b.needsAccount ? '实名会员' : '全部会员'}）
          </List.Item>
        ))}
      </List>
      <p className="form-page__note">
        实名会员需年满18周岁并完成开户；会员权益以平台实际提供的服务为准。
      </p>
    </div>
  )
}
