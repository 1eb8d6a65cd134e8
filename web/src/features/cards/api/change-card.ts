import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post, request } from '@/lib/api-client'
import type { PostData, Schemas } from '@/lib/api-types'

export type ChangeApplication = PostData<'/onlineChangeCard/save'>

export const verifyUser = (body: Schemas['VerifyUserIn']) =>
  post<PostData<'/onlineChangeCard/verifyUser'>>('/onlineChangeCard/verifyUser', body)

export const newCardCheck = (body: Schemas['NewCardCheckIn']) =>
  post<PostData<'/onlineChangeCard/newCardCheck'>>('/onlineChangeCard/newCardCheck', body)

export const saveChange = (body: Schemas['ChangeSaveIn']) =>
  post<ChangeApplication>('/onlineChangeCard/save', body)

export const submitChange = (applyId: number) =>
  post<ChangeApplication>('/onlineChangeCard/submit', { applyId })

/** A photo for the application (the object store; image uploads wait 60 s). */
export function uploadPhoto(file: File) {
  const form = new FormData()
  form.append('file', file)
  form.append('scene', 'changeCard')
  return request<PostData<'/utils/uploadOssResource'>>({
    method: 'POST',
    url: '/utils/uploadOssResource',
    data: form,
    timeout: 60_000,
  })
}

export const useVerifyUser = () => useMutation({ mutationFn: verifyUser })

export function useSubmitChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['card-changes'] }),
  })
}
