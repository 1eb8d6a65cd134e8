import { useState } from 'react'
import { Button, Dialog, List, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { formatMoney } from '@/lib/format'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useUnbindCard } from '../api/unbind-card'
import { BankCardView } from '../components/bank-card-view'
import '../cards.css'

/** 银行卡详情 (paymentMethodId): limits, signing, the reserved phone, change and unbind. */
export default function BankCardDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = Number(params.get('paymentMethodId'))
  const query = usePaymentMethods()
  const unbind = useUnbindCard()
  const [asking, setAsking] = useState(false)
  return (
    <QueryView query={query}>
      {(data) => {
        const card = data.paymentMethods.find((c) => c.paymentMethodId === id)
        if (!card) {
          return (
            <div className="form-page">
              <p className="form-page__intro">该银行卡不存在或已解绑</p>
              <Button block onClick={() => navigate('/bankCard', { replace: true })}>
                返回银行卡
              </Button>
            </div>
          )
        }
        const signQuery = new URLSearchParams({
          paymentMethodId: String(card.paymentMethodId),
          bankName: card.bankName,
          bankCardTail: card.bankCardTail,
          bankCardPhoneTail: card.bankCardPhoneTail,
          bankNo: card.bankNo,
        })
        return (
          <div className="form-page">
            <BankCardView card={card} />
            <List header="支付限额">
              <List.Item extra={`${formatMoney(card.singleLimit)} 元`}>单笔限额</List.Item>
              <List.Item extra={`${formatMoney(card.dailyLimit)} 元`}>单日限额</List.Item>
              <List.Item onClick={() => navigate('/paymentLimitRaise')}>提升支付限额</List.Item>
            </List>
            <List header="卡片管理">
              <List.Item
                extra={card.isSigned ? '已签约' : '去签约'}
                onClick={
                  card.isSigned ? undefined : () => navigate(`/paymentChannelSigning?${signQuery}`)
                }
              >
                快捷支付签约
              </List.Item>
              <List.Item
                extra={card.phone}
                onClick={() =>
                  navigate(`/changeBankcardExplain?paymentMethodId=${card.paymentMethodId}`)
                }
              >
                银行预留手机号
              </List.Item>
              <List.Item onClick={() => navigate('/changeCard/applyGuide')}>更换银行卡</List.Item>
              <List.Item extra={card.bindDate}>绑定日期</List.Item>
            </List>
            <div className="form-page__footer">
              <Button
                block
                color="danger"
                fill="outline"
                onClick={() => {
                  void Dialog.confirm({
                    title: '解绑银行卡',
                    content: `确定解绑${card.bankCardShowName}吗？解绑后该卡不能用于买入和接收回款。`,
                    onConfirm: () => setAsking(true),
                  })
                }}
              >
                解绑银行卡
              </Button>
            </div>
            <TradePasswordPopup
              visible={asking}
              description={`解绑${card.bankCardShowName}`}
              onClose={() => setAsking(false)}
              onForgot={() => navigate('/resetTradePasswordAuth')}
              onSubmit={(password) =>
                unbind
                  .mutateAsync({ paymentMethodId: card.paymentMethodId, tradePassword: password })
                  .then(
                    () => {
                      setAsking(false)
                      Toast.show({ icon: 'success', content: '已解绑' })
                      navigate('/bankCard', { replace: true })
                    },
                    (err: Error) => {
                      Toast.show({ content: err.message })
                      throw err
                    },
                  )
              }
            />
          </div>
        )
      }}
    </QueryView>
  )
}
