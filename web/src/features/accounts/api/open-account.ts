import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'
import { updateSession } from '@/lib/session'

export type OpenAccountForm = Schemas['OpenAccountIn']
export type Prepared = PostData<'/tamp/account/prepareBindAccount'>
export type Opened = PostData<'/tamp/account/confirmBindAccount'>

export const prepareOpenAccount = (form: OpenAccountForm) =>
  post<Prepared>('/tamp/account/prepareBindAccount', form)

export const confirmOpenAccount = (body: Schemas['ConfirmBindIn']) =>
  post<Opened>('/tamp/account/confirmBindAccount', body)

export const usePrepareOpenAccount = () => useMutation({ mutationFn: prepareOpenAccount })

/** Opens the account: the session learns its accountId, and everything cached about the user
 * is read again. */
export function useConfirmOpenAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmOpenAccount,
    onSuccess: (account) => {
      updateSession({ accountId: account.accountId })
      queryClient.invalidateQueries()
    },
  })
}
