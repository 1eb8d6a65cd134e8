import { Skeleton } from 'antd-mobile'
import { useNavigate } from 'react-router'
import type { PensionAccount } from '@/features/pension'
import { formatMoney } from '@/lib/format'

type PensionPayMethod = PensionAccount['tdPaymentMethods'][number]

/** 扣款方式 of a personal pension fund: the pension fund account and its balance; 去开通 only
 * once the account is known to have none (while it loads, a loading line: not "no account"). */
export function PensionPay({
  loading,
  method,
}: {
  loading: boolean
  method: PensionPayMethod | null
}) {
  const navigate = useNavigate()
  return (
    <div className="trade-card" data-testid="pension-pay">
      <div className="trade-card__title">扣款方式</div>
      {method ? (
        <div>
          {method.name} 可用余额 <strong>{formatMoney(method.balance)}元</strong>
        </div>
      ) : loading ? (
        <Skeleton.Paragraph lineCount={1} animated />
      ) : (
        <div>
          个人养老金基金仅可使用个人养老金资金账户购买，
          <a role="link" onClick={() => navigate('/pension/home')}>
            去开通
          </a>
        </div>
      )}
    </div>
  )
}
