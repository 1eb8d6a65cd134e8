import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useAllPaymentMethods } from '../api/get-all-payment-methods'
import '../shelf.css'

/** /superWalletRules: how the wallet works — recharge, income, withdrawals and paying for
 * purchases (docs/trading.md), with the user's available wallet shares and ways to pay. */
export default function SuperWalletRulesPage() {
  const query = useAllPaymentMethods()
  return (
    <div className="shelf-page">
      <div className="shelf-card">
        <QueryView query={query} rows={2}>
          {(m) => (
            <div data-testid="wallet-balance">
              <h2>可用余额 {formatMoney(m.walletShares)} 元</h2>
              <p className="shelf-muted">
                {m.walletPaymentMethods.length} 个钱包 · {m.paymentMethods.length} 张银行卡
                {m.tdPaymentMethods.length > 0 ? ' · 个人养老金资金账户' : ''}
              </p>
            </div>
          )}
        </QueryView>
      </div>
      <div className="shelf-card">
        <h2>钱包规则</h2>
        <h3>充值</h3>
        <p>
          通过已绑定的银行卡充值，资金买入货币市场基金，1 份 = 1 元，交易日 15:00
          前充值当日确认份额。
        </p>
        <h3>收益</h3>
        <p>
          每日按基金公布的万份收益计入份额，节假日收益在节后首个交易日一并计入；七日年化收益率仅供参考，不代表未来收益。
        </p>
        <h3>取现</h3>
        <ul>
          <li>普通取现：T+1 日到账，金额不限；</li>
          <li>快速取现：实时到账，每日额度有限，以页面提示为准。</li>
        </ul>
        <h3>支付</h3>
        <p>
          买入基金、组合及定投时可使用钱包余额支付，支付后份额冻结，订单确认后扣减；订单撤销或失败时退回钱包。
        </p>
        <p className="shelf-muted">货币市场基金不同于银行存款，不保证本金和收益。</p>
      </div>
    </div>
  )
}
