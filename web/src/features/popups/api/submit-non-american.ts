import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { withTerminal } from '@/lib/terminal'

export const submitNonAmerican = async (input: { brokerUserId: number; nonAmerican: boolean }) =>
  post<PostData<'/account/submitNonAmerican'>>(
    '/account/submitNonAmerican',
    await withTerminal(input),
  )

export function useSubmitNonAmerican() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitNonAmerican,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popups', 'nonAmerican'] }),
  })
}
