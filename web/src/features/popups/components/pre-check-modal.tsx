import { saveTraceLog } from '@/features/platform'
import type { HoldingScope } from '../api/get-holding-risk-level'
import type { PreCheckName, Prepared } from './holdings-pre-checks'
import { SignItemsModal } from './refill-sign-modal'
import { RiskMismatchModal } from './risk-mismatch-modal'

/** The pop-up of the holdings list's pre-check that applies (./holdings-pre-checks.tsx), loaded
 * once a step does. */
export function PreCheckModal({
  current,
  scope,
  finish,
}: {
  current: Prepared
  scope: HoldingScope
  finish: (name: PreCheckName, result: string) => void
}) {
  if (current.name === 'riskMismatch') {
    return (
      <RiskMismatchModal
        data={current.data}
        onChoose={(choice) => {
          void saveTraceLog(choice === 'keep' ? 'riskMismatchKeep' : 'riskMismatchSell', {
            products: current.data.holdingAssetsList.map((a) => a.productCode),
            riskGrade5: current.data.riskGrade5,
          })
          finish('riskMismatch', choice === 'keep' ? 'KEEP' : 'SELL')
        }}
      />
    )
  }
  if (current.name === 'refillSign') {
    return (
      <SignItemsModal
        title="补签投顾服务协议"
        intro="以下组合的投顾服务协议需要补充签署，签署后方可继续享受投顾服务："
        items={current.data}
        scope={scope}
        closable={!current.data.some((i) => i.isTransferProd)}
        onDone={(r) => finish('refillSign', r)}
      />
    )
  }
  return (
    <SignItemsModal
      title="策略说明书变更提示"
      intro={
        <ol className="strategy-change">
          <li>取消策略“最长运作期限2年”的限制；</li>
          <li>自变更之日起，已设置的自动投资计划将执行失败，直至您签署任一期限的策略说明书。</li>
        </ol>
      }
      items={current.data}
      scope={scope}
      isResign
      cancelText="取消"
      onDone={(r) => finish('strategyManual', r)}
    />
  )
}
