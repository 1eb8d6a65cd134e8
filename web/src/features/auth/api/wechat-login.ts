import { useMutation, useQueryClient } from '@tanstack/react-query'
import { get, post } from '@/lib/api-client'
import type { GetData, PostData } from '@/lib/api-types'
import { setSession } from '@/lib/session'
import { loginBroker } from '../lib/broker'
import { clearEntryLogin } from '../lib/entry-login'

export type WechatLogin = PostData<'/auth/wechat-oa/token'>
type AuthorizeUrl = GetData<'/noauth/wechat/authorizeUrl'>

export const wechatAuthorizeUrl = (redirectUri: string, scope: 'snsapi_base' | 'snsapi_userinfo') =>
  get<AuthorizeUrl>('/noauth/wechat/authorizeUrl', { redirectUri, scope, state: scope })

export const wechatOaLogin = (code: string) =>
  post<WechatLogin>('/auth/wechat-oa/token', { code, ...loginBroker() })

export const wechatMiniProgramLogin = (code: string) =>
  post<WechatLogin>('/auth/login/wechatCode', { code, ...loginBroker() })

/** The official account's OAuth code: signs in when the WeChat identity is bound. */
export function useWechatLogin(kind: 'oa' | 'mp' = 'oa') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: kind === 'oa' ? wechatOaLogin : wechatMiniProgramLogin,
    onSuccess: (data) => {
      if (data.token) {
        clearEntryLogin()
        setSession(data.token)
        queryClient.clear()
      }
    },
  })
}
