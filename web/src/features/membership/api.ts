/**
 * The advisory membership calls (docs/membership.md#calls): the membership on sale, the user's
 * status, the identity check, WeChat's openid, the purchase and its pay status.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { get, post, type CallOptions } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type MemberStatus = Schemas['MemberStatusOut']
export type MemberProduct = Schemas['MemberProductOut']
export type MemberBuy = Schemas['MemberBuyOut']
export type WechatPay = Schemas['WechatPayOut']
export type MemberPayStatus = Schemas['MemberPayStatusOut']

const WRITE: CallOptions = { errorToast: false, noErrorPage: true }
const KEY = ['membership'] as const

export const statusQuery = queryOptions({
  queryKey: [...KEY, 'status'],
  queryFn: () =>
    get<MemberStatus>('/adviser/member/userProductStatus', undefined, { cache: false }),
  staleTime: 0,
})

export const productQuery = queryOptions({
  queryKey: [...KEY, 'product'],
  queryFn: () => get<MemberProduct>('/adviser/member/productInfo'),
})

/** The user's status; ``enabled`` false holds its first fetch back (while a WeChat code is
 * exchanged: a fetch that left before the exchange would answer 未授权, and an invalidation
 * of a query with no data yet joins the fetch in flight instead of asking again). */
export const useMemberStatus = (enabled = true) => useQuery({ ...statusQuery, enabled })
export const useMemberProduct = () => useQuery(productQuery)

/** GET /adviser/queryPayStatus: asked again every 2 s while the order is paying. */
export const usePayStatus = (orderNo: string) =>
  useQuery({
    queryKey: [...KEY, 'pay', orderNo],
    queryFn: () => get<MemberPayStatus>('/adviser/queryPayStatus', { orderNo }, { cache: false }),
    enabled: orderNo !== '',
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.order.payStatus === '0' ? 2000 : false),
  })

export function useVerifyIdentity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; idNo: string }) =>
      post<MemberStatus>('/adviser/member/verifyIdentity', body, WRITE),
    onSuccess: (data) => client.setQueryData(statusQuery.queryKey, data),
  })
}

export function useQueryOpenId() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => post<{ openId: string }>('/adviser/queryOpenId', { code }, WRITE),
    onSuccess: () => client.invalidateQueries({ queryKey: statusQuery.queryKey }),
  })
}

export const buyMembership = (body: { productCode: string; openId: string; tradeUUID: string }) =>
  post<MemberBuy>('/adviser/buy', body, WRITE)

/** The local WeChat Pay's pay step (docs/membership.md#wechat-pay), outside WeChat. */
export const localPay = (pay: WechatPay, succeed: boolean) =>
  post<{ state: string }>('/noauth/wechat/pay', { ...pay, succeed }, WRITE)
