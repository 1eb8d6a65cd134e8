import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'

/** 签约结果. */
export default function PaymentChannelSigningResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return (
    <ResultView
      status="success"
      title="已签署成功"
      description={`${params.get('name') ?? '银行卡'}已完成快捷支付签约，可正常用于买入`}
      actions={[
        { text: '完成', onClick: () => navigate('/bankCard', { replace: true }) },
        {
          text: '继续签约其他银行卡',
          onClick: () => navigate('/signCapital', { replace: true }),
          primary: false,
        },
      ]}
    />
  )
}
