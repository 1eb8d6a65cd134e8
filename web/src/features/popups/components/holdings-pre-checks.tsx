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
import { loadOnce } from '@/lib/load-once'
import { getAdviserNeedResignList } from '../api/get-adviser-need-resign-list'
import { getAdviserPopupCount } from '../api/get-adviser-popup-count'
import { getAdviserUnsignList } from '../api/get-adviser-unsign-list'
import { getHoldingRiskLevel, type HoldingScope } from '../api/get-holding-risk-level'
import type { HoldingRiskLevel, UnsignedAdvisoryItem } from '../api/types'

export const PRE_CHECK_ORDER = ['riskMismatch', 'refillSign', 'strategyManual'] as const
export type PreCheckName = (typeof PRE_CHECK_ORDER)[number]

/** The pop-ups of the steps (./pre-check-modal.tsx): their code comes once a step applies, not
 * with the holdings list, which every visit to 我的 draws (docs/architecture.md#first-load). */
const modalCode = loadOnce(() => import('./pre-check-modal'))

export type Prepared =
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
    const prepared = await prepareStep(name, scope)
    // the step's pop-up's code, before it shows; if it cannot be downloaded the step is skipped
    if (prepared) await modalCode.load()
    return prepared
  } catch {
    return null
  }
}

async function prepareStep(name: PreCheckName, scope: HoldingScope): Promise<Prepared | null> {
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

  const code = modalCode.loaded()
  if (!current || !code) return null
  return <code.PreCheckModal current={current} scope={scope} finish={finish} />
}
