import { useMutation } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

export type BrokerVerification = PostData<'/tamp/account/mockBrokerVerify'>

export const mockBrokerVerify = (bindId: number) =>
  post<BrokerVerification>('/tamp/account/mockBrokerVerify', { bindId })

export const useMockBrokerVerify = () => useMutation({ mutationFn: mockBrokerVerify })
