import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { startVisitorSession } from '@/lib/visitor'

/** 游客访问: the retail visitor identity for the broker of this visit. */
async function enterAsVisitor() {
  try {
    return await startVisitorSession()
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
    mutationFn: enterAsVisitor,
    onSuccess: () => queryClient.clear(),
  })
}
