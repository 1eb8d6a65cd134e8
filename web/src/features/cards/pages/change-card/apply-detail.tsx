import { List } from 'antd-mobile'
import { useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useCardChange } from '../../api/get-card-change'
import '../../cards.css'

const time = (v: string | null | undefined) => (v ? v.slice(0, 16).replace('T', ' ') : '--')

/** 申请详情 of a card change. */
export default function ApplyDetailPage() {
  const [params] = useSearchParams()
  const query = useCardChange(Number(params.get('applyId')))
  return (
    <QueryView query={query}>
      {(a) => (
        <div className="form-page">
          <List header="申请信息">
            <List.Item extra={a.statusName}>状态</List.Item>
            <List.Item extra={a.oldCard.bankCardShowName}>原银行卡</List.Item>
            <List.Item extra={a.newBankName ? `${a.newBankName}(${a.newBankCardTail})` : '--'}>
              新银行卡
            </List.Item>
            <List.Item extra={a.reason || '--'}>换卡原因</List.Item>
            <List.Item extra={`${a.photos.length}张`}>证明材料</List.Item>
          </List>
          <List header="进度">
            <List.Item extra={time(a.createdAt)}>创建</List.Item>
            <List.Item extra={time(a.submittedAt)}>提交</List.Item>
            <List.Item extra={time(a.reviewedAt)}>审核</List.Item>
            {a.rejectReason && <List.Item extra={a.rejectReason}>未通过原因</List.Item>}
          </List>
        </div>
      )}
    </QueryView>
  )
}
