import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

export type IdPhotos = PostData<'/account/antiMoney/upload'>

/** Both sides of the identity document (multipart; image uploads wait 60 s, docs/api.md#transport).
 * */
export function uploadIdPhotos({ front, back }: { front: File; back: File }) {
  const form = new FormData()
  form.append('idFront', front)
  form.append('idBack', back)
  return request<IdPhotos>({
    method: 'POST',
    url: '/account/antiMoney/upload',
    data: form,
    timeout: 60_000,
  })
}

export function useUploadIdPhotos() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadIdPhotos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account-sensitive'] }),
  })
}
