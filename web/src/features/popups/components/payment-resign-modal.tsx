import { useNavigate } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import type { UnsignedPayment } from '../api/get-unsigned-payment'
import { usePutOffPopupScene } from '../api/put-off-popup-scene'
import type { PopupResult } from '../rules/non-american'
import { setResignDisabled } from '../rules/payment-resign'

export function signingLink(item: UnsignedPayment | null): string {
  if (!item) return '/signCapital'
  const q = new URLSearchParams({
    bankName: item.bankName,
    bankCardTail: item.bankCardTail,
    bankCardPhoneTail: item.bankCardPhoneTail,
    paymentMethodId: String(item.paymentMethodId),
    bankNo: item.bankNo,
    brokerName: item.brokerName,
  })
  return `/paymentChannelSigning?${q}`
}

/** 温馨提示: a card's payment channel needs re-signing; 去签约 or 暂不签约 (which puts the
 * prompt off for 1440 minutes, on the server and on the device). */
export function PaymentResignModal({
  brokerUserId,
  item,
  onDone,
}: {
  brokerUserId: number
  item: UnsignedPayment | null
  onDone: (result: PopupResult) => void
}) {
  const navigate = useNavigate()
  const putOff = usePutOffPopupScene()
  const text = item
    ? `您尾号${item.bankCardTail}的${item.bankName}卡需重新签约支付通道，签约后方可继续使用该卡支付。`
    : '您的银行卡需重新签约支付通道，签约后方可继续使用该卡支付。'
  return (
    <AlertModal
      visible
      title="温馨提示"
      content={text}
      confirmText="去签约"
      cancelText="暂不签约"
      onConfirm={() => {
        onDone('SUBMIT')
        navigate(signingLink(item))
      }}
      onCancel={() => {
        setResignDisabled(brokerUserId)
        putOff.mutate(brokerUserId)
        onDone('CLOSE')
      }}
    />
  )
}
