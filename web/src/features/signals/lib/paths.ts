/** The signal screens' addresses (docs/signals.md "Screens"). */
const q = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams()
  for (const [k, v] of Object.entries(params))
    if (v !== null && v !== undefined && v !== '') s.set(k, String(v))
  return s.toString()
}

export const signalHistoryPath = (poCode: string) => `/poSignalHistory?${q({ poCode })}`
export const signalDetailPath = (poCode: string, sigId: string) =>
  `/poSignalDetail?${q({ poCode, sigId })}`
export const signalPlanPath = (poCode: string, financialAccountId?: number | null) =>
  `/poSignalPlan?${q({ productCode: poCode, productType: 'poFund', financialAccountId })}`
export const signalPlanResultPath = (poCode: string, financialAccountId: number, action: string) =>
  `/poSignalPlanResult?${q({ poCode, financialAccountId, action })}`
export const followSettingPath = (poCode: string, financialAccountId?: number | null) =>
  `/poSignal/followSetting?${q({ poCode, financialAccountId })}`
export const followHistoryPath = (params: { poCode?: string; followPlanId?: number }) =>
  `/poSignal/followHistory?${q(params)}`
export const signalRedeemPath = (
  poCode: string,
  sigId: string,
  financialAccountId?: number | null,
) => `/signalRedeem?${q({ poCode, sigId, financialAccountId })}`
