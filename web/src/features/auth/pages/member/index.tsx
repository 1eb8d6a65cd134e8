import { Button, List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useCustomer } from '../../api/get-customer'
import { MEMBER_BENEFITS } from './benefits'
import '../../auth.css'

/** 会员中心: who the member is and what verifying their identity opens. */
export default function MemberIndexPage() {
  const navigate = useNavigate()
  const customer = useCustomer()
  return (
    <QueryView query={customer}>
      {(me) => {
        const verified = me.accountId !== null
        return (
          <div className="form-page">
            <div className="member-hero">
              <h2>{verified ? '实名会员' : '注册会员'}</h2>
              <p>
                {me.nickname} · {me.phone}
              </p>
            </div>
            <List header="会员权益">
              {MEMBER_BENEFITS.map((b) => (
                <List.Item
                  key={b.title}
                  description={b.text}
                  extra={verified || !b.needsAccount ? '已享有' : '实名后享有'}
                >
                  {b.title}
                </List.Item>
              ))}
              <List.Item onClick={() => navigate('/member/richView')}>权益说明</List.Item>
            </List>
            {!verified && (
              <div className="form-page__footer">
                <Button block color="primary" onClick={() => navigate('/member/bindIdCard')}>
                  实名认证，成为实名会员
                </Button>
              </div>
            )}
          </div>
        )
      }}
    </QueryView>
  )
}
