import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import '@/components/product-page.css'

/** The bottom action bar of a product page: 买入 (and 定投 where plans exist) to the trading
 * screens, 充值 and 取现 for the wallet; disabled, with the reason, while the product is suspended or the broker does not
 * sell it here. */
export function BuyBar({
  productCode,
  productType,
  canBuy,
  disabled,
  minPurchase,
  plan = true,
  redeem = false,
  pension = false,
  follow = false,
}: {
  productCode: string
  productType: string
  canBuy: boolean
  disabled: boolean
  minPurchase?: string
  plan?: boolean
  redeem?: boolean
  /** A pension fund: bought with pension money in the pension account (docs/pension.md). */
  pension?: boolean
  /** A signal product: 跟车, the follow plan (docs/signals.md). */
  follow?: boolean
}) {
  const navigate = useNavigate()
  const paid = pension ? '&payType=pension' : ''
  const query = `productCode=${productCode}&productType=${productType}${paid}`
  const reason = disabled ? '暂不支持在本平台购买' : !canBuy ? '暂停申购' : ''
  // the wallet speaks its own words, as its orders do in 交易记录 (lib/order-codes.ts)
  const wallet = productType.toLowerCase() === 'wallet'
  const [buyWord, sellWord] = wallet ? ['充值', '取现'] : ['买入', '卖出']
  return (
    <div className="pd-buybar" data-testid="buy-bar">
      {redeem && (
        <Button fill="outline" onClick={() => navigate(`/redeem?${query}`)}>
          {sellWord}
        </Button>
      )}
      {follow && !reason && (
        <Button
          fill="outline"
          color="primary"
          data-testid="buy-bar-follow"
          onClick={() => navigate(`/poSignalPlan?productCode=${productCode}&productType=poFund`)}
        >
          跟车
        </Button>
      )}
      {plan && !reason && (
        <Button fill="outline" color="primary" onClick={() => navigate(`/investPlan?${query}`)}>
          定投
        </Button>
      )}
      <Button color="primary" disabled={!!reason} onClick={() => navigate(`/allot?${query}`)}>
        {reason || (minPurchase ? `${buyWord}（${Number(minPurchase)}元起投）` : buyWord)}
      </Button>
    </div>
  )
}
