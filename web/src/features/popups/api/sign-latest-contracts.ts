import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { withTerminal } from '@/lib/terminal'
import { cacheSigned } from '../rules/privacy'
import { getContractStatus, PRIVACY_POLICY } from './get-contract-status'

export type SignedContracts = PostData<'/account/signLatestContracts'>

export async function signLatestContracts(input: {
  brokerUserId: number
  contracts: { fileType: string; version: string }[]
}) {
  return post<SignedContracts>('/account/signLatestContracts', await withTerminal(input))
}

export function useSignLatestContracts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signLatestContracts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['popups', 'contracts'] }),
  })
}

/** The privacy policy the user agreed to on the sign-in page (《隐私政策》 beside 我已阅读并同意)
 * counts as consent: it is recorded right after sign-in, so the consent pop-up never asks
 * again. A failure leaves it to the pop-up. */
export async function recordSignInConsent(brokerUserId: number): Promise<void> {
  try {
    const [status] = await getContractStatus(brokerUserId)
    if (status && !status.isSignLatest) {
      await signLatestContracts({
        brokerUserId,
        contracts: [{ fileType: PRIVACY_POLICY, version: status.latestVersion }],
      })
    }
    if (status) cacheSigned(brokerUserId, status.latestVersion)
  } catch {
    // the pop-up asks instead
  }
}
