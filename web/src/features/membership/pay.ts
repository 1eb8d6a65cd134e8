/**
 * WeChat's pay step (docs/membership.md#wechat-pay): inside WeChat the parameters go to
 * WeixinJSBridge's getBrandWCPayRequest; elsewhere the page shows the local stand-in's sheet.
 */
import { get } from '@/lib/api-client'
import type { WechatPay } from './api'

interface Bridge {
  invoke: (
    name: string,
    args: Record<string, string>,
    done: (res: { err_msg: string }) => void,
  ) => void
}

export function wechatBridge(): Bridge | null {
  return (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge ?? null
}

/** Resolves true when WeChat reports the payment made (the server still asks WeChat Pay). */
export function payInWechat(bridge: Bridge, pay: WechatPay): Promise<boolean> {
  return new Promise((resolve) =>
    bridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: pay.appId,
        timeStamp: pay.timestamp,
        nonceStr: pay.nonce,
        package: `prepay_id=${pay.prepayId}`,
        signType: pay.signType,
        paySign: pay.sign,
      },
      (res) => resolve(res.err_msg === 'get_brand_wcpay_request:ok'),
    ),
  )
}

export function isWechat(ua = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua)
}

/** GET /noauth/wechat/authorizeUrl: where WeChat's OAuth gives this page a code (silently). */
export const wechatAuthorizeUrl = (redirectUri: string, scope: 'snsapi_base') =>
  get<{ url: string }>('/noauth/wechat/authorizeUrl', { redirectUri, scope, state: scope })
