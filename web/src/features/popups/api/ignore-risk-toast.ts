import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

/** The expiry prompt's cancel ignores it for 1 month (docs/product.md#states). */
export const RISK_TOAST_IGNORE_MONTHS = 1

export const ignoreRiskToast = (brokerUserId: number) =>
  post<PostData<'/toast/ignoreRiskToast'>>(
    '/toast/ignoreRiskToast',
    { brokerUserId, ignoreMonths: RISK_TOAST_IGNORE_MONTHS },
    { errorToast: false },
  )

export function useIgnoreRiskToast() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ignoreRiskToast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popups', 'riskToast'] }),
  })
}
