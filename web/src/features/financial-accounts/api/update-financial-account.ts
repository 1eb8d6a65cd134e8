import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type Updated = Schemas['FinancialAccountOut']

export const updateFinancialAccount = (body: Schemas['FinancialAccountUpdateIn']) =>
  request<Updated>({ method: 'PUT', url: '/account/updateFinancialAccount', data: body })

export function useUpdateFinancialAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFinancialAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['financial-accounts'] }),
  })
}
