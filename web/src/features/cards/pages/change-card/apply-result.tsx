import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { useCardChange } from '../../api/get-card-change'

/** 申请结果 of a card change. */
export default function ApplyResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const applyId = Number(params.get('applyId'))
  const query = useCardChange(applyId)
  return (
    <QueryView query={query}>
      {(a) => (
        <ResultView
          status={
            a.status === 'REJECTED' ? 'error' : a.status === 'APPROVED' ? 'success' : 'waiting'
          }
          title={a.status === 'SUBMITTED' ? '换卡申请已提交' : a.statusName}
          description={`${a.oldCard.bankCardShowName} → ${a.newBankName}(${a.newBankCardTail})，一般在下一个交易日完成审核`}
          actions={[
            {
              text: '查看申请',
              onClick: () =>
                navigate(`/changeCard/applyDetail?applyId=${a.applyId}`, { replace: true }),
            },
            {
              text: '返回银行卡',
              onClick: () => navigate('/bankCard', { replace: true }),
              primary: false,
            },
          ]}
        />
      )}
    </QueryView>
  )
}
