import { AlertModal } from '@/components/alert-modal'
import type { HoldingRiskLevel } from '../api/types'

export const GRADE_NAMES: Record<number, string> = {
  1: '保守型',
  2: '稳健型',
  3: '平衡型',
  4: '成长型',
  5: '进取型',
}

export type RiskMismatchChoice = 'sell' | 'keep'

/** Holdings whose risk level is above the investor's grade (docs/product.md#states): 我计划自行卖出 or
 * 确认继续持有; the caller logs the choice. */
export function RiskMismatchModal({
  data,
  onChoose,
}: {
  data: HoldingRiskLevel
  onChoose: (choice: RiskMismatchChoice) => void
}) {
  const grade = data.riskGrade5 ?? 0
  return (
    <AlertModal
      visible
      title="持仓风险提示"
      content={
        <div className="risk-mismatch">
          <p>
            您当前的风险承受能力为{GRADE_NAMES[grade] ?? '未评估'}
            {grade ? `（C${grade}）` : ''}，以下持仓产品的风险等级高于您的风险承受能力：
          </p>
          <ul className="risk-mismatch__list">
            {data.holdingAssetsList.map((a) => (
              <li key={a.productCode}>
                <span>
                  {a.productName}（{a.productCode}）
                </span>
                <span className="risk-mismatch__level">R{a.amacRisk5Level}</span>
              </li>
            ))}
          </ul>
          <p>请您关注投资风险，合理安排持仓。</p>
        </div>
      }
      confirmText="确认继续持有"
      cancelText="我计划自行卖出"
      onConfirm={() => onChoose('keep')}
      onCancel={() => onChoose('sell')}
    />
  )
}
