import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

export type PopupScene = GetData<'/account/popupScene'>
export const PAYMENT_RESIGN_SCENE = 'PAYMENT_RESIGN'

export const getPopupScene = (brokerUserId: number) =>
  get<PopupScene>(
    '/account/popupScene',
    { brokerUserId, popupScene: PAYMENT_RESIGN_SCENE },
    { quiet: true, cache: false },
  )

export const popupSceneQuery = (brokerUserId: number) =>
  queryOptions({
    queryKey: ['popups', 'popupScene', brokerUserId],
    queryFn: () => getPopupScene(brokerUserId),
    retry: false,
  })

export function usePopupScene(brokerUserId: number, enabled = true) {
  return useQuery({ ...popupSceneQuery(brokerUserId), enabled })
}
