import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { withTerminal } from '@/lib/terminal'

export type SignedContracts = PostData<'/account/signLatestContracts'>

export async function signLatestContracts(input: {
  brokerUserId: number
  contracts: { fileType: string; version: string }[]
}) {
  return post<SignedContracts>('/account/signLatestContracts', await withTerminal(input))
}

export function useSignLatestContracts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signLatestContracts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popups', 'contracts'] }),
  })
}
