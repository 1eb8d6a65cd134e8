/**
 * The ordered pre-checks of the holdings list (docs/product.md#states): asset risk mismatch, then
 * refill signing, then the strategy-manual change, which runs only when there is something to
 * re-sign. Each step fetches what it needs and shows its pop-up only when it applies; a step whose
 * call fails is skipped (the holdings list must open regardless). They run once a visit.
 *
 * Mounted by the holdings list: `<HoldingsPreChecks scope={{ brokerUserId, accountId,
 * financialAccountId }} />`.
 */
import { useEffect, useState } from 'react'
import { saveTraceLog } from '@/features/platform'
import { getAdviserNeedResignList } from '../api/get-adviser-need-resign-list'
import { getAdviserPopupCount } from '../api/get-adviser-popup-count'
import { getAdviserUnsignList } from '../api/get-adviser-unsign-list'
import { getHoldingRiskLevel, type HoldingScope } from '../api/get-holding-risk-level'
import type { HoldingRiskLevel, UnsignedAdvisoryItem } from '../api/types'
import { RiskMismatchModal } from './risk-mismatch-modal'
import { SignItemsModal } from './refill-sign-modal'

export const PRE_CHECK_ORDER = ['riskMismatch', 'refillSign', 'strategyManual'] as const
export type PreCheckName = (typeof PRE_CHECK_ORDER)[number]

type Prepared =
  | { name: 'riskMismatch'; data: HoldingRiskLevel }
  | { name: 'refillSign'; data: UnsignedAdvisoryItem[] }
  | { name: 'strategyManual'; data: UnsignedAdvisoryItem[] }

export async function prepareRiskMismatch(scope: HoldingScope): Promise<HoldingRiskLevel | null> {
  const data = await getHoldingRiskLevel(scope)
  const list = data?.holdingAssetsList ?? []
  return list.length > 0 && data.isNeedToast !== false ? { ...data, holdingAssetsList: list } : null
}

/** It may first ask whether it may pop up at all; no unsigned items means PASS. */
export async function prepareRefillSign(
  scope: HoldingScope,
  checkCount = true,
): Promise<UnsignedAdvisoryItem[] | null> {
  if (checkCount) {
    const count = await getAdviserPopupCount(scope)
    if (!count?.canPopup) return null
  }
  const items = await getAdviserUnsignList(scope)
  return items && items.length > 0 ? items : null
}

export async function prepareStrategyManual(
  scope: HoldingScope,
): Promise<UnsignedAdvisoryItem[] | null> {
  const items = await getAdviserNeedResignList(scope)
  return items && items.length > 0 ? items : null
}

async function prepare(name: PreCheckName, scope: HoldingScope): Promise<Prepared | null> {
  try {
    if (name === 'riskMismatch') {
      const data = await prepareRiskMismatch(scope)
      return data && { name, data }
    }
    if (name === 'refillSign') {
      const data = await prepareRefillSign(scope)
      return data && { name, data }
    }
    const data = await prepareStrategyManual(scope)
    return data && { name, data }
  } catch {
    return null
  }
}

const doneKey = (scope: HoldingScope) =>
  `opentamp.preChecksDone.${scope.brokerUserId}.${scope.financialAccountId ?? ''}`

export function HoldingsPreChecks({
  scope,
  onDone,
}: {
  scope: HoldingScope
  onDone?: (results: Partial<Record<PreCheckName, string>>) => void
}) {
  const [index, setIndex] = useState(() =>
    sessionStorage.getItem(doneKey(scope)) ? PRE_CHECK_ORDER.length : 0,
  )
  const [current, setCurrent] = useState<Prepared | null>(null)
  const [results, setResults] = useState<Partial<Record<PreCheckName, string>>>({})

  useEffect(() => {
    let cancelled = false
    const name = PRE_CHECK_ORDER[index]
    if (!name) {
      sessionStorage.setItem(doneKey(scope), '1')
      onDone?.(results)
      return
    }
    void prepare(name, scope).then((prepared) => {
      if (cancelled) return
      if (prepared) setCurrent(prepared)
      else {
        setResults((r) => ({ ...r, [name]: 'PASS' }))
        setIndex((i) => i + 1)
      }
    })
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per step
  }, [index])

  const finish = (name: PreCheckName, result: string) => {
    setResults((r) => ({ ...r, [name]: result }))
    setCurrent(null)
    setIndex((i) => i + 1)
  }

  if (!current) return null
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
