import { useMutation, useQueryClient } from '@tanstack/react-query'
import { request } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

export type Uploaded = PostData<'/utils/uploadOssResource'>

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

/** One side of the identity document for the account-opening form (人像面 idFront, 国徽面
 * idBack): its key goes with the form, whose call checks both sides. */
export function uploadIdSide(file: File, side: 'idFront' | 'idBack') {
  const form = new FormData()
  form.append('file', file)
  form.append('scene', side)
  return request<Uploaded>({
    method: 'POST',
    url: '/utils/uploadOssResource',
    data: form,
    timeout: 60_000,
  })
}
