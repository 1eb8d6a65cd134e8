import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'

export interface HiddenChange {
  financialAccountId: number
  isHidden: boolean
}

export const updateHiddenStatus = (changes: HiddenChange[]) =>
  post<null>('/account/batchUpdateFinancialAccountHiddenStatus', {
    financialAccountList: changes,
  })

export function useUpdateHiddenStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateHiddenStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['financial-accounts'] }),
  })
}
