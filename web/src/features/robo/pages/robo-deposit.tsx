/**
 * 投入 (advisor/roboDeposit, serviceAccountId): money into the robo account, split by the plan's
 * own weights into one purchase per fund (prepareDeposit shows the split, the fees and the
 * dates as the amount changes; below the strategy's minimum: 起投金额为…元). Paid by card or
 * from the wallet. The first deposit spends the code the plan's confirmation texted (the
 * contract is signed with it); later ones ask for a code (depositVerifyCode). The trade password
 * places it (signDeposit); the order opens on advisor/transactionDetail.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue } from '@/components/section'
import { SmsCodeField } from '@/components/sms-code-field'
import { ApiError } from '@/lib/api-client'
import { formatMoney, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { AmountField, toAmountString } from '@/features/trade'
import {
  DepositSplit,
  useDepositPay,
  useIdParam,
  usePasswordWrite,
  useSettled,
} from '@/features/advisory'
import { useHomepage } from '../api/queries'
import type { RoboAccount } from '../api/types'
import { prepareDeposit, sendDepositCode, signDeposit } from '../api/writes'
import { advisorPath } from '../lib/paths'
import '../robo.css'

/** prepareDeposit for the settled amount: the split, or the server's refusal (the minimum). */
function usePreview(serviceAccountId: number, amount: string) {
  const valid = !!toDecimal(amount)?.gt(0)
  const query = useQuery({
    queryKey: ['robo', 'prepare-deposit', serviceAccountId, amount],
    queryFn: () => prepareDeposit(serviceAccountId, toAmountString(amount)),
    enabled: valid && serviceAccountId > 0,
    retry: false,
  })
  const error =
    valid && query.error ? (query.error instanceof ApiError ? query.error.message : '试算失败') : ''
  return { preview: valid ? (query.data ?? null) : null, error }
}

function DepositForm({ account }: { account: RoboAccount }) {
  const navigate = useNavigate()
  const id = account.serviceAccountId
  const first = account.contractStatus === 0
  const [amount, setAmount] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const [code, setCode] = useState('')
  const [sent, setSent] = useState(first)
  const pay = useDepositPay(id)
  const settled = useSettled(amount)
  const { preview, error } = usePreview(id, settled)
  const write = usePasswordWrite()

  const submit = () => {
    const money = toDecimal(amount)
    if (!money || money.lte(0)) return showFailToast('请输入投入金额')
    if (error) return showFailToast(error)
    const unpaid = pay.problem(money)
    if (unpaid) return showFailToast(unpaid)
    if (!sent) return showFailToast('请先获取短信验证码')
    if (code.length !== 6) return showFailToast('请输入6位短信验证码')
    setKeyboard(false)
    const value = toAmountString(amount)
    write.ask({
      description: `投入 ${formatMoney(value)} 元`,
      match: { productCode: account.poCode, amount: value },
      run: (p) =>
        signDeposit({
          serviceAccountId: id,
          amount: value,
          verifyCode: code,
          ...pay.fields(),
          ...p,
        }),
      done: (order) =>
        navigate(
          advisorPath('transactionDetail', {
            serviceAccountId: id,
            brokerOrderNo: order.brokerOrderNo,
          }),
          { replace: true },
        ),
    })
  }

  return (
    <div className="fa-page" data-testid="robo-deposit">
      <div className="trade-card">
        <div className="trade-card__title">{account.roboServiceName}</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={preview ? `${formatMoney(preview.minAmount)}元起投` : '请输入投入金额'}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
          testId="robo-amount"
        />
        {error && <div className="trade-notice">{error}</div>}
        {preview && (
          <>
            <KeyValue label="申购费合计">{formatMoney(preview.fee)}元</KeyValue>
            <KeyValue label="交易日 / 确认日">
              {preview.tradeDate} / {preview.confirmDate}
            </KeyValue>
            <DepositSplit
              items={preview.items}
              header="按方案配置买入"
              testId="robo-deposit-split"
            />
          </>
        )}
      </div>
      {pay.node}
      <div className="trade-card">
        <div className="trade-card__title">短信验证</div>
        {first && <p className="fa-muted">验证码已在确认方案时发送，验证后协议生效并完成投入</p>}
        <SmsCodeField
          value={code}
          onChange={setCode}
          countdownKey={`robo-deposit:${id}`}
          onSend={async () => {
            await sendDepositCode(id, sent)
            setSent(true)
          }}
        />
      </div>
      <div className="trade-footer">
        <Button block color="primary" data-testid="robo-deposit-submit" onClick={submit}>
          确认投入
        </Button>
      </div>
      {write.node}
    </div>
  )
}

export default function RoboDepositPage() {
  const serviceAccountId = useIdParam('serviceAccountId')
  const query = useHomepage(serviceAccountId)
  return (
    <QueryView query={query} rows={6} emptyTitle="未找到该投顾账户">
      {(h) =>
        h.account.contractStatus === 0 || h.account.contractStatus === 1 ? (
          <DepositForm account={h.account} />
        ) : (
          <div className="fa-page fa-page--plain">
            <div className="trade-notice">投顾服务协议已解约，暂不能投入。</div>
          </div>
        )
      }
    </QueryView>
  )
}
