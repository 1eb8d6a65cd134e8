import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

export type CreatedAccount = PostData<'/account/createFinancialAccount'>

export const createFinancialAccount = (financialAccountName: string) =>
  post<CreatedAccount>('/account/createFinancialAccount', {
    financialAccountName,
    financialAccountType: 'normal',
  })

export function useCreateFinancialAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createFinancialAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['financial-accounts'] }),
  })
}
