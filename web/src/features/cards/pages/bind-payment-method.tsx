import { useEffect, useMemo, useState } from 'react'
import { Button, Form, Input, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ProtocolAgreement } from '@/components/protocol-agreement'
import { useAccountSensitive } from '@/features/accounts'
import { ApiError } from '@/lib/api-client'
import { NEW_CARD_SMS, startCountdown, useSecondsLeft } from '@/lib/sms-countdown'
import { isBankCard, isPhone } from '@/lib/validate'
import { useAgreements } from '../api/get-agreements'
import { useBanks } from '../api/get-banks'
import { useSendNewCardCode } from '../api/bind-card'
import { getOpenBank } from '../api/get-open-bank'
import { clearPickedBank, groupCardNo, pickedBank } from '../lib'
import '../cards.css'

/** 绑定银行卡: the card number (its bank recognised, or chosen on selectBank) and the phone
 * reserved at the bank; the bank texts a code (next: verify-sms). */
export default function BindPaymentMethodPage() {
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const banks = useBanks()
  const [cardNo, setCardNo] = useState('')
  const [phone, setPhone] = useState('')
  const [detected, setDetected] = useState<string | null>(null)
  const chosen = useMemo(() => pickedBank(), [])
  const send = useSendNewCardCode()
  const holder = useAccountSensitive()
  const [agreed, setAgreed] = useState(false)
  const left = useSecondsLeft(NEW_CARD_SMS)
  const digits = cardNo.replace(/\s/g, '')

  useEffect(() => {
    if (digits.length < 16) return
    let live = true
    getOpenBank(digits).then(
      (bank) => live && setDetected(bank.bankNo),
      () => live && setDetected(null),
    )
    return () => {
      live = false
    }
  }, [digits])

  const bankNo = (digits.length >= 16 ? detected : null) ?? chosen
  const bank = banks.data?.find((b) => b.bankNo === bankNo)
  const agreements = useAgreements(bankNo ?? '', !!bankNo)

  const next = () => {
    if (!isBankCard(digits)) {
      Toast.show({ content: '请输入正确的银行卡号（16-19位数字）' })
      return
    }
    if (!isPhone(phone)) {
      Toast.show({ content: '请输入银行预留手机号' })
      return
    }
    if (!agreed) {
      Toast.show({ content: '请阅读并同意银行授权支付服务协议' })
      return
    }
    send.mutate(
      { cardNo: digits, phone, bankNo: bankNo ?? undefined },
      {
        onSuccess: (sent) => {
          startCountdown(NEW_CARD_SMS)
          clearPickedBank()
          const q = new URLSearchParams({
            serialNo: sent.serialNo,
            phone: sent.phone,
            bankNo: sent.bankNo,
            bankName: sent.bankName,
            tail: sent.bankCardTail,
            from: search.get('from') ?? '',
          })
          navigate(`/verify-sms?${q}`)
        },
        onError: (err) => {
          if (err instanceof ApiError && err.retryAfter) {
            startCountdown(NEW_CARD_SMS, err.retryAfter)
          }
          Toast.show({ content: err.message })
        },
      },
    )
  }

  return (
    <div className="form-page">
      <p className="form-page__intro">请绑定本人名下的借记卡，用于买入扣款和卖出回款。</p>
      <Form layout="horizontal">
        <Form.Item label="持卡人">
          <span aria-label="持卡人">{holder.data?.accountName ?? ''}</span>
        </Form.Item>
        <Form.Item label="卡号">
          <Input
            value={cardNo}
            onChange={(v) => setCardNo(groupCardNo(v))}
            placeholder="请输入银行卡号"
            inputMode="numeric"
            clearable
            aria-label="银行卡号"
          />
        </Form.Item>
        <Form.Item label="银行" arrow onClick={() => navigate('/selectBank')}>
          {bank ? (
            bank.bankName
          ) : (
            <span style={{ color: 'var(--app-text-secondary)' }}>输入卡号自动识别，或点此选择</span>
          )}
        </Form.Item>
        <Form.Item label="预留手机号">
          <Input
            value={phone}
            onChange={(v) => setPhone(v.replace(/\D/g, '').slice(0, 11))}
            placeholder="银行预留的手机号"
            inputMode="tel"
            clearable
            aria-label="预留手机号"
          />
        </Form.Item>
      </Form>
      <p className="form-page__note">
        卡号仅用于本次向银行验证，平台只保存卡号后四位。支持的银行及限额见
        <a onClick={() => navigate('/paymentLimitRaise')}>支付限额</a>。
      </p>
      {agreements.data && (
        <div style={{ padding: '0 16px' }}>
          <ProtocolAgreement
            className="agree-protocols"
            checked={agreed}
            onChange={setAgreed}
            protocols={agreements.data.paymentAgreement.agreements.map((a) => ({
              name: a.name,
              url: a.url,
            }))}
          />
        </div>
      )}
      <div className="form-page__footer">
        <Button
          block
          color="primary"
          size="large"
          loading={send.isPending}
          disabled={left > 0}
          onClick={next}
        >
          {left > 0 ? `${left}秒后可重新获取` : '获取验证码'}
        </Button>
      </div>
    </div>
  )
}
