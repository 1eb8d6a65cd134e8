import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { PAYMENT_RESIGN_SCENE } from './get-popup-scene'

/** 暂不签约: the server puts the prompt off for 1440 minutes. */
export const putOffPopupScene = (brokerUserId: number) =>
  post<PostData<'/account/popupScene'>>(
    '/account/popupScene',
    { brokerUserId, popupScene: PAYMENT_RESIGN_SCENE },
    { errorToast: false },
  )

export function usePutOffPopupScene() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: putOffPopupScene,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popups', 'popupScene'] }),
  })
}
