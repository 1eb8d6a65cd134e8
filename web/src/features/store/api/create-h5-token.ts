import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'
import { setSession } from '@/lib/session'

/** POST /noauth/store/h5Token: a visitor token (retail visitor identity) for a team's broker. */
export type H5Token = PostData<'/noauth/store/h5Token'>
export interface StoreLink {
  teamId?: number
  mid?: string
  brokerId?: number
}

export const createH5Token = (link: StoreLink) => post<H5Token>('/noauth/store/h5Token', link)

/** Takes a visitor token and keeps it as the session (marked visitor). */
export async function startVisitorSession(link: StoreLink): Promise<H5Token> {
  const token = await createH5Token(link)
  setSession({
    accessToken: token.accessToken,
    expiresIn: token.expiresIn,
    brokerUserId: token.brokerUserId,
    visitor: true,
  })
  return token
}

export function useCreateH5Token() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: startVisitorSession,
    // what was read without a token (or with another) is read again as the visitor
    onSuccess: () => client.invalidateQueries(),
  })
}
