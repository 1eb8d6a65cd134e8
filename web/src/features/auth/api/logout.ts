import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

export const logout = () => post<null>('/auth/logout')

/** Sign out: the server revokes the token; the device forgets the session either way. */
export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => logout().catch(() => null),
    onSettled: () => {
      clearSession()
      queryClient.clear()
    },
  })
}
