/**
 * 追加投资 (fa/deposit, serviceAccountId): an amount (the strategy's minimum 起投), paid by card
 * or from the wallet, split by the model's current weights into one fund purchase per component
 * (the split and the first-year fee are shown as the amount changes); the mandatory announcements
 * must be read and no fee be owed first. The SMS code (depositVerifyCode, resent by
 * depositResendVerifyCode) and the trade password confirm it; the P02 order opens on fa/order.
 */
import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { SmsCodeField } from '@/components/sms-code-field'
import { formatMoney, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { AmountField, BUY_MESSAGES, plainNumber, toAmountString } from '@/features/trade'
import { useAccountInfo } from '../api/get-account-info'
import { useChargePlan } from '../api/get-charge-plan'
import { useDepositPreview } from '../api/get-deposit-preview'
import type { AccountInfo } from '../api/types'
import { deposit, sendDepositCode } from '../api/writes'
import { DepositSplit, useDepositPay, useSettled } from '../components/deposit-parts'
import { usePasswordWrite } from '../components/use-password-write'
import { yearlyRateText } from '../lib/fee'
import { useIdParam } from '../lib/params'
import { faPath, withQuery } from '../lib/paths'
import '../advisory.css'

function DepositForm({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const id = info.serviceAccountId
  const [amount, setAmount] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const [code, setCode] = useState('')
  const [sent, setSent] = useState(false)
  const pay = useDepositPay(id)
  const settled = useSettled(amount)
  const valid = !!toDecimal(settled)?.gt(0)
  const plan = useChargePlan(info.poCode, valid ? toAmountString(settled) : null)
  // the split's funds by their short names, as every advisory screen names them
  const split = useDepositPreview(id, valid ? toAmountString(settled) : null)
  const parts = valid ? (split.data?.items ?? []) : []
  const write = usePasswordWrite()

  const submit = () => {
    const money = toDecimal(amount)
    if (!money || money.lte(0)) return showFailToast('请输入投入金额')
    // a deposit is a portfolio purchase: trading's minimum, in its words (60005)
    if (money.lt(info.minDepositAmount))
      return showFailToast(BUY_MESSAGES.belowMin(formatMoney(info.minDepositAmount)))
    const unpaid = pay.problem(money)
    if (unpaid) return showFailToast(unpaid)
    if (!sent) return showFailToast('请先获取短信验证码')
    if (code.length !== 6) return showFailToast('请输入6位短信验证码')
    setKeyboard(false)
    const money2 = toAmountString(amount)
    write.ask({
      description: `投入 ${formatMoney(money2)} 元`,
      match: { productCode: info.poCode, amount: money2 },
      run: (p) =>
        deposit({
          serviceAccountId: id,
          amount: money2,
          ...pay.fields(),
          verifyCode: code,
          riskConfirmed: true,
          ...p,
        }),
      done: (order) =>
        navigate(withQuery('/fa/order', { brokerOrderNo: order.brokerOrderNo, placed: 1 }), {
          replace: true,
        }),
    })
  }

  return (
    <div className="fa-page" data-testid="fa-deposit-page">
      <div className="trade-card">
        <div className="trade-card__title">{info.poName}</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={`${plainNumber(info.minDepositAmount)}元起投`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
          testId="fa-amount"
        />
        {plan.data && (
          <div className="trade-lines">
            投顾服务费 <strong>{yearlyRateText(plan.data.discountFeeRatio)}</strong>
            {plan.data.firstYearCharge && (
              <>
                ，预估首年服务费 <strong>{formatMoney(plan.data.firstYearCharge)}元</strong>{' '}
                <a
                  role="link"
                  onClick={() =>
                    navigate(
                      withQuery('/fa/firstYearCharge', {
                        poCode: info.poCode,
                        amount: toAmountString(settled),
                      }),
                    )
                  }
                >
                  说明
                </a>
              </>
            )}
          </div>
        )}
        {parts.length > 0 && (
          <DepositSplit items={parts} header="按模型配置买入" testId="fa-deposit-split" />
        )}
      </div>
      {pay.node}
      <div className="trade-card">
        <div className="trade-card__title">短信验证</div>
        <SmsCodeField
          value={code}
          onChange={setCode}
          countdownKey={`fa-deposit:${id}`}
          onSend={async () => {
            await sendDepositCode(id, sent)
            setSent(true)
          }}
        />
      </div>
      <div className="trade-footer">
        <Button block color="primary" data-testid="fa-deposit-submit" onClick={submit}>
          确认投入
        </Button>
      </div>
      {write.node}
    </div>
  )
}

/** What must happen before a deposit: the contract in force, no fee owed, the mandatory
 * announcements read. */
function Blocked({ info }: { info: AccountInfo }) {
  const navigate = useNavigate()
  const id = info.serviceAccountId
  if (info.contractStatus !== 1)
    return <div className="trade-notice">投顾服务协议尚未生效或已解约，暂不能投入。</div>
  if (toDecimal(info.totalDebt)?.gt(0))
    return (
      <div className="trade-notice">
        您有未支付的投顾服务费，请先支付。
        <a role="button" onClick={() => navigate(faPath('serviceCharge', id))}>
          {' '}
          去支付 ›
        </a>
      </div>
    )
  if (info.mandatoryUnreadCount > 0)
    return (
      <div className="trade-notice">
        请先阅读投顾重要公告。
        <a role="button" onClick={() => navigate(faPath('announcement', id))}>
          {' '}
          去阅读 ›
        </a>
      </div>
    )
  return null
}

export default function DepositPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const info = useAccountInfo(serviceAccountId)
  return (
    <QueryView query={info} rows={6} emptyTitle="未找到该投顾账户">
      {(i) => {
        const blocked = <Blocked info={i} />
        return i.contractStatus === 1 &&
          !toDecimal(i.totalDebt)?.gt(0) &&
          i.mandatoryUnreadCount === 0 ? (
          <DepositForm info={i} />
        ) : (
          <div className="fa-page fa-page--plain">{blocked}</div>
        )
      }}
    </QueryView>
  )
}
