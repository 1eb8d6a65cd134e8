import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, post } from '@/lib/api-client'
import { setSession } from '@/lib/session'

interface VisitorToken {
  accessToken: string
  expiresIn: number
  brokerUserId: number
}

/** A retail visitor identity (POST /noauth/store/h5Token, the adviser zone's visitor token). */
export async function visitorToken(): Promise<VisitorToken> {
  try {
    return await post<VisitorToken>('/noauth/store/h5Token')
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw new ApiError('游客访问暂未开放，请登录后使用', err.code, err.status, err.error)
    }
    throw err
  }
}

export function useVisitorToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: visitorToken,
    onSuccess: (data) => {
      setSession({ ...data, accountId: null, visitor: true })
      queryClient.clear()
    },
  })
}
