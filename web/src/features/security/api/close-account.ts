import { useMutation } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

export const closeAccount = (ticket: string) => post<null>('/account/close', { ticket })

export const useCloseAccount = () =>
  useMutation({ mutationFn: closeAccount, onSuccess: () => clearSession() })
