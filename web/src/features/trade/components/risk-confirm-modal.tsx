/**
 * 风险提示 of a purchase above the investor's grade (docs/rules.md#suitability, judgeRisk): the
 * server's warning, or the levels side by side; confirming records the product as signed for this
 * visit (the route effects clear it on leaving, docs/product.md#screens-and-routes) and the page
 * goes on to the trade password.
 */
import { AlertModal } from '@/components/alert-modal'
import { RISK_LEVEL_SIGNED_KEY } from '@/lib/route-effects'
import type { RiskVerdict } from '../api/judge-risk'

export function RiskConfirmModal({
  visible,
  verdict,
  productCode,
  subject,
  action,
  onConfirm,
  onCancel,
}: {
  visible: boolean
  verdict: RiskVerdict | undefined
  productCode: string
  /** Whose level is compared: 该产品, 转入基金. */
  subject: string
  /** What the investor does: 购买, 转换. */
  action: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <AlertModal
      visible={visible}
      title="风险提示"
      content={
        <div data-testid="risk-confirm">
          {verdict?.warning ||
            `${subject}风险等级（${verdict?.productRiskName ?? ''}）超出您的风险承受能力（${verdict?.riskGradeName ?? ''}），请确认是否继续${action}。`}
        </div>
      }
      confirmText={`确认${action}`}
      cancelText={`放弃${action}`}
      onConfirm={() => {
        sessionStorage.setItem(RISK_LEVEL_SIGNED_KEY, productCode)
        onConfirm()
      }}
      onCancel={onCancel}
    />
  )
}
