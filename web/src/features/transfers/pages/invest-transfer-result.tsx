/** 转入结果 (investTransferResult, poCode, poName, count): the portfolio rebuilt. */
import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'
import '../transfers.css'

export default function InvestTransferResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const poName = params.get('poName') ?? ''
  const poCode = params.get('poCode') ?? ''
  const count = params.get('count') ?? ''
  return (
    <div className="xfer-page">
      <ResultView
        status={poCode ? 'success' : 'info'}
        title={poCode ? '组合已恢复' : '暂无恢复结果'}
        description={poCode ? `${count}只成分基金已恢复为「${poName}」（${poCode}）的组合持仓` : ''}
        actions={[
          { text: '查看持仓', onClick: () => navigate('/mine') },
          { text: '返回', onClick: () => navigate('/transferOnline/record'), primary: false },
        ]}
      />
    </div>
  )
}
