import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

/** POST /private/investorStatement: the qualified-investor statement (合格投资者声明). */
export type StatementResult = PostData<'/private/investorStatement'>

export const confirmStatement = (version: string) =>
  post<StatementResult>('/private/investorStatement', { version, confirmed: true })

export function useConfirmStatement() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: confirmStatement,
    onSuccess: () => client.invalidateQueries({ queryKey: ['private'] }),
  })
}
