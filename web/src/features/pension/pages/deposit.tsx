/**
 * 缴存 (pension/deposit): a contribution from a bound card into the pension account. The quota
 * left this year is shown; the amount is checked by the server against the 12 000 元 cap
 * (rechargeApply, whose refusal names what is left), then the recharge agreement and the trade
 * password confirm it (rechargeConfirm) and the card is charged.
 */
import { useState } from 'react'
import { Button, ErrorBlock, Input, List, Radio } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { usePaymentMethods } from '@/features/cards'
import { toApiError } from '@/lib/api-client'
import { formatMoney, toDecimal } from '@/lib/format'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { usePensionAccount } from '../api/get-td-account'
import { invalidateAfterPensionWrite, rechargeApply, rechargeConfirm } from '../api/pension-writes'
import type { Contribution, PensionAccount } from '../api/types'
import { AgreementCheck } from '../components/agreement-check'
import '../pension.css'

function DepositForm({ account }: { account: PensionAccount }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const cards = usePaymentMethods()
  const { tradeUUID, renew } = useTradeUUID()
  const [amount, setAmount] = useState('')
  const [cardId, setCardId] = useState<number | null>(null)
  const [agreed, setAgreed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [applied, setApplied] = useState<Contribution | null>(null)
  const list = cards.data?.paymentMethods ?? []
  const chosen = cardId ?? list.find((c) => c.isSigned)?.paymentMethodId ?? list[0]?.paymentMethodId

  const apply = async () => {
    setError('')
    const value = toDecimal(amount)
    if (!value || value.lte(0)) return showFailToast('请输入缴存金额')
    if (value.decimalPlaces() > 2) return showFailToast('金额最多两位小数')
    if (!chosen) return showFailToast('请选择银行卡')
    if (!agreed) return showFailToast('请阅读并同意个人养老金缴存协议')
    setBusy(true)
    try {
      const c = await rechargeApply({
        amount: value.toFixed(2),
        paymentMethodId: chosen,
        tradeUUID,
      })
      setApplied(c)
    } catch (e) {
      setError(toApiError(e).message)
      renew()
    } finally {
      setBusy(false)
    }
  }

  const confirm = async (password: string) => {
    if (!applied) return
    try {
      await rechargeConfirm({ applyNo: applied.applyNo, tradePassword: password, agreed })
    } catch (e) {
      const err = toApiError(e)
      // a wrong password is told over the password popup, which stays open; any other
      // refusal closes it and is shown once, inline where the amount is
      if (err.error === 'trade_password_wrong') {
        showFailToast(err.message)
        throw e
      }
      setApplied(null)
      setError(err.message)
      renew()
      return
    }
    setApplied(null)
    renew()
    await invalidateAfterPensionWrite(queryClient)
    showSuccessToast('缴存成功')
    navigate('/pension/depositRecord', { replace: true })
  }

  return (
    <>
      <div className="pension-card">
        <div className="pension-card__title">缴存金额</div>
        <Input
          value={amount}
          onChange={(v) => {
            setAmount(v)
            setError('')
          }}
          placeholder={`本年还可缴存${formatMoney(account.remainingQuota)}元`}
          inputMode="decimal"
          aria-label="缴存金额"
          data-testid="deposit-amount"
          style={{ '--font-size': '22px' }}
        />
        {error && (
          <div className="pension-error" role="alert" data-testid="deposit-error">
            {error}
          </div>
        )}
        <div className="pension-muted" style={{ marginTop: 8 }} data-testid="deposit-quota">
          <span className="pension-phrase">
            {account.year}年已缴存{formatMoney(account.yearContributed)}元，
          </span>
          <span className="pension-phrase">剩余额度{formatMoney(account.remainingQuota)}元</span>
          <span className="pension-phrase">（年度上限{formatMoney(account.yearlyCap)}元）</span>
        </div>
      </div>
      <List header="付款银行卡">
        <Radio.Group value={chosen} onChange={(v) => setCardId(Number(v))}>
          {list.map((c) => (
            <List.Item key={c.paymentMethodId} extra={<Radio value={c.paymentMethodId} />}>
              {c.bankCardShowName || `${c.bankName}(${c.bankCardTail})`}
            </List.Item>
          ))}
        </Radio.Group>
        {list.length === 0 && (
          <List.Item onClick={() => navigate('/addBankCard')} arrow>
            添加银行卡
          </List.Item>
        )}
      </List>
      <div className="pension-card pension-muted">
        {`转入：${account.bankName}个人养老金资金账户(${account.accountTail})。缴存后资金封闭运行，达到领取条件前不可取出。`}
      </div>
      <AgreementCheck kind="recharge" checked={agreed} onChange={setAgreed} />
      <div className="pension-footer">
        <Button block color="primary" loading={busy} onClick={apply} data-testid="deposit-submit">
          确认缴存
        </Button>
      </div>
      <TradePasswordPopup
        visible={!!applied}
        description={applied ? `缴存 ${formatMoney(applied.amount)} 元` : ''}
        onClose={() => setApplied(null)}
        onSubmit={confirm}
      />
    </>
  )
}

export default function PensionDepositPage() {
  const navigate = useNavigate()
  const account = usePensionAccount()
  return (
    <div className="pension-page">
      <QueryView query={account} rows={5}>
        {(a) =>
          a.hasAccount && a.status === 'ACTIVE' ? (
            <DepositForm account={a} />
          ) : (
            <div className="pension-card">
              <ErrorBlock status="empty" title="请先开通或绑定个人养老金资金账户" description="" />
              <Button block color="primary" onClick={() => navigate('/pension/home')}>
                去开通
              </Button>
            </div>
          )
        }
      </QueryView>
    </div>
  )
}
