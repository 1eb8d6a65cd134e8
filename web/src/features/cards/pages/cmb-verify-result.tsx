import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { formatMoney } from '@/lib/format'
import { useCmbResult } from '../api/get-cmb-result'

/** 验证结果 of 招商银行's own signing page. */
export default function CmbVerifyResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const query = useCmbResult(params.get('serialNo') ?? '')
  return (
    <QueryView query={query}>
      {(result) => (
        <ResultView
          status={result.status === 'SUCCESS' ? 'success' : 'waiting'}
          title={result.status === 'SUCCESS' ? '招商银行签约成功' : '签约处理中'}
          description={`单笔限额提升至${formatMoney(result.paymentMethod.singleLimit)}元，单日${formatMoney(result.paymentMethod.dailyLimit)}元`}
          actions={[{ text: '完成', onClick: () => navigate('/bankCard', { replace: true }) }]}
        />
      )}
    </QueryView>
  )
}
