import { useNavigate, useSearchParams } from 'react-router'
import { KeyValue } from '@/components/section'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { formatMoney } from '@/lib/format'
import { usePayStatus } from '../api'
import '../membership.css'

/** 开通结果 (member/result): the order's pay status, asked until WeChat Pay settles it. */
export default function MemberResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const orderNo = params.get('orderNo') ?? ''
  const status = usePayStatus(orderNo)
  const back = { text: '返回会员中心', onClick: () => navigate('/member/index', { replace: true }) }
  return (
    <QueryView query={status} rows={4} emptyTitle="订单不存在">
      {({ order, status: member }) => {
        const lines = (
          <div style={{ padding: '0 16px' }}>
            <KeyValue label="订单号">{order.orderNo}</KeyValue>
            <KeyValue label="支付金额">{formatMoney(order.amount)}元</KeyValue>
            {member.isMember && (
              <KeyValue label="会员有效期至">{member.expiresAt?.slice(0, 10)}</KeyValue>
            )}
          </div>
        )
        if (order.payStatus === '2') {
          return (
            <ResultView
              status="success"
              title="开通成功"
              description="投顾会员已生效"
              actions={[back]}
            >
              {lines}
            </ResultView>
          )
        }
        if (order.payStatus === '1') {
          return (
            <ResultView
              status="error"
              title="支付失败"
              description="本次支付未成功，可重新开通"
              actions={[back]}
            >
              {lines}
            </ResultView>
          )
        }
        return (
          <ResultView
            status="waiting"
            title="支付中"
            description="正在确认支付结果，请稍候"
            actions={[back]}
          >
            {lines}
          </ResultView>
        )
      }}
    </QueryView>
  )
}
