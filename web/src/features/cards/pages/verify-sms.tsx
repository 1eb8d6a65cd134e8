import { Toast } from 'antd-mobile'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { NEW_CARD_SMS, useSecondsLeft } from '@/lib/sms-countdown'
import { useCheckNewCardCode } from '../api/bind-card'
import { CodeEntry } from '../components/code-entry'
import '../cards.css'

/** 短信验证 of a new card: the code the bank texted to the reserved phone. */
export default function VerifySmsPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serialNo = params.get('serialNo') ?? ''
  const check = useCheckNewCardCode()
  const left = useSecondsLeft(NEW_CARD_SMS)
  return (
    <CodeEntry
      intro={`${params.get('bankName') ?? ''}（尾号${params.get('tail') ?? ''}）已向 ${params.get('phone') ?? ''} 发送验证码`}
      action="下一步"
      pending={check.isPending}
      onCode={(verifyCode, clear) =>
        check.mutate(
          { serialNo, verifyCode },
          {
            onSuccess: () => navigate(`/bindConfirm?${params}`, { replace: true }),
            onError: (err) => {
              clear()
              Toast.show({ content: err.message })
            },
          },
        )
      }
    >
      <div className="card-links">
        {left > 0 ? (
          <span className="card-links__wait">{left}秒后可重新获取</span>
        ) : (
          <Link to="/bind-payment-method" replace>
            重新获取
          </Link>
        )}
        <Link to="/smsNotReceivedExplain">收不到验证码？</Link>
      </div>
    </CodeEntry>
  )
}
