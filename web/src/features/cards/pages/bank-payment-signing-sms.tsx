import { Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { useConfirmSign } from '../api/sign-card'
import { CodeEntry } from '../components/code-entry'
import '../cards.css'

/** 签约短信验证: the bank's code confirms the signing. */
export default function BankPaymentSigningSmsPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const serialNo = params.get('serialNo') ?? ''
  const confirm = useConfirmSign()
  return (
    <CodeEntry
      intro={`验证码已发送至 ${params.get('phone') ?? ''}`}
      action="确认签约"
      pending={confirm.isPending}
      onCode={(verifyCode, clear) =>
        confirm.mutate(
          { serialNo, verifyCode },
          {
            onSuccess: (card) =>
              navigate(
                `/paymentChannelSigningResult?name=${encodeURIComponent(card.bankCardShowName)}`,
                { replace: true },
              ),
            onError: (err) => {
              clear()
              Toast.show({ content: err.message })
            },
          },
        )
      }
    />
  )
}
