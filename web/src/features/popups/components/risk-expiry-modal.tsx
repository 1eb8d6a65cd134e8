import { useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import type { RiskToast } from '../api/get-risk-toast'
import { useIgnoreRiskToast } from '../api/ignore-risk-toast'
import type { PopupResult } from '../rules/non-american'

/** The risk-test expiry prompt (docs/product.md#states): 重新测评 goes to the survey; 暂不测评 ignores the
 * prompt for a month. Where the survey cannot be taken here, only 我知道了. */
export function RiskExpiryModal({
  brokerUserId,
  risk,
  canRetest,
  onDone,
}: {
  brokerUserId: number
  risk: RiskToast
  canRetest: boolean
  onDone: (result: PopupResult) => void
}) {
  const navigate = useNavigate()
  const ignore = useIgnoreRiskToast()
  const date = risk.latestSurveyDate ? `（测评日期 ${risk.latestSurveyDate}）` : ''
  const content = `您的风险测评结果已过期${date}。为保障您的投资权益，请重新进行风险测评。`
  const putOff = () => {
    ignore.mutate(brokerUserId)
    onDone('CLOSE')
  }
  if (!canRetest) {
    return (
      <AlertModal
        visible
        title="温馨提示"
        content={content}
        confirmText="我知道了"
        onConfirm={putOff}
      />
    )
  }
  return (
    <AlertModal
      visible
      title="温馨提示"
      content={content}
      confirmText="重新测评"
      cancelText="暂不测评"
      onConfirm={() => {
        onDone('SUBMIT')
        navigate('/riskSurvey?reTest=1')
      }}
      onCancel={putOff}
    />
  )
}
