import { useEffect, useState } from 'react'
import { Button, List, Popup, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useTradeUUID } from '@/lib/trade-uuid'
import {
  buyMembership,
  localPay,
  useMemberProduct,
  useMemberStatus,
  useQueryOpenId,
  type MemberBuy,
  type MemberProduct,
  type MemberStatus,
} from '../api'
import { isWechat, payInWechat, wechatAuthorizeUrl, wechatBridge } from '../pay'
import '../membership.css'

/** The page's address without WeChat's code, for the OAuth round trip. */
function returnAddress(): string {
  const url = new URL(window.location.href)
  url.searchParams.delete('code')
  url.searchParams.delete('state')
  return url.toString()
}

function Center({ status, product }: { status: MemberStatus; product: MemberProduct }) {
  const navigate = useNavigate()
  const { tradeUUID, renew } = useTradeUUID()
  const [busy, setBusy] = useState(false)
  const [sheet, setSheet] = useState<MemberBuy | null>(null)

  const toResult = (orderNo: string) => navigate(`/member/result?orderNo=${orderNo}`)

  const open = async () => {
    if (!status.identityVerified) {
      navigate('/member/bindIdCard')
      return
    }
    setBusy(true)
    try {
      if (!status.openIdBound) {
        const { url } = await wechatAuthorizeUrl(returnAddress(), 'snsapi_base')
        window.location.assign(url)
        return
      }
      const bought = await buyMembership({
        productCode: product.productCode,
        openId: status.openId,
        tradeUUID,
      })
      renew()
      const bridge = isWechat() ? wechatBridge() : null
      if (bridge) {
        await payInWechat(bridge, bought.pay)
        toResult(bought.order.orderNo)
      } else {
        setSheet(bought)
      }
    } catch (e) {
      Toast.show({ content: (e as Error).message })
    } finally {
      setBusy(false)
    }
  }

  const pay = async (succeed: boolean) => {
    if (!sheet) return
    try {
      await localPay(sheet.pay, succeed)
    } catch (e) {
      Toast.show({ content: (e as Error).message })
    }
    toResult(sheet.order.orderNo)
  }

  return (
    <div className="mb-page">
      <div className="mb-hero">
        <h2>{product.productName}</h2>
        <p data-testid="member-state">
          {status.isMember
            ? `会员有效期至${status.expiresAt?.slice(0, 10)}，剩余${status.daysLeft}天`
            : '您还不是投顾会员'}
        </p>
      </div>
      <List header="会员权益">
        {product.benefits.map((b) => (
          <List.Item key={b}>{b}</List.Item>
        ))}
        <List.Item onClick={() => navigate('/member/richView')}>权益说明</List.Item>
      </List>
      <List header="开通信息">
        <List.Item extra={`${formatMoney(product.price)}元/${product.days}天`}>会员价格</List.Item>
        <List.Item
          extra={status.identityVerified ? '已验证' : '未验证'}
          onClick={status.identityVerified ? undefined : () => navigate('/member/bindIdCard')}
        >
          身份验证
        </List.Item>
        <List.Item extra={status.openIdBound ? '已授权' : '未授权'}>微信授权</List.Item>
        {status.lastOrder && (
          <List.Item
            extra={status.lastOrder.payStatusName}
            onClick={() => toResult(status.lastOrder!.orderNo)}
          >
            最近订单
          </List.Item>
        )}
      </List>
      <div className="mb-footer">
        <Button block color="primary" loading={busy} onClick={() => void open()}>
          {status.isMember ? '立即续费' : `立即开通 ${formatMoney(product.price)}元`}
        </Button>
      </div>
      <Popup visible={sheet !== null} onMaskClick={() => setSheet(null)}>
        {sheet && (
          <div className="mb-sheet" role="dialog" aria-label="微信支付">
            <div>微信支付 · {product.productName}</div>
            <div className="mb-sheet__amount">¥{formatMoney(sheet.order.amount)}</div>
            <Button block color="success" onClick={() => void pay(true)}>
              确认支付
            </Button>
            <Button block fill="outline" onClick={() => void pay(false)}>
              支付失败
            </Button>
          </div>
        )}
      </Popup>
    </div>
  )
}

/** WeChat codes being exchanged for an openId, by code. */
const exchanges = new Map<string, Promise<unknown>>()

/** 会员中心 (member/index): the advisory membership's real status, what it gives and buying it
 * (identity check, WeChat authorization, WeChat Pay). */
export default function MemberIndexPage() {
  const [params, setParams] = useSearchParams()
  const code = params.get('code')
  // back from WeChat's authorization: the status is asked once the code is exchanged (and the
  // code taken off the address), so that it says 已授权
  const status = useMemberStatus(!code)
  const product = useMemberProduct()
  const openId = useQueryOpenId()
  useEffect(() => {
    if (!code) return
    // One exchange per code, whatever the page's mounts: a remount during the round trip joins
    // the exchange under way instead of spending the code twice (WeChat's codes are one-use).
    let exchange = exchanges.get(code)
    if (!exchange) {
      exchange = openId.mutateAsync(code)
      exchanges.set(code, exchange)
    }
    let mounted = true
    exchange
      .catch((e: Error) => mounted && Toast.show({ content: e.message }))
      .finally(() => mounted && setParams({}, { replace: true }))
    return () => {
      mounted = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per code
  }, [code])
  return (
    <QueryView query={status} rows={6}>
      {(s) => (
        <QueryView query={product} rows={4}>
          {(p) => <Center status={s} product={p} />}
        </QueryView>
      )}
    </QueryView>
  )
}
