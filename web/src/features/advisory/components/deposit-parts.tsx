/**
 * The parts of a deposit into a service account (fa/deposit, and advisor/roboDeposit for a robo
 * account): the amount settled while typing, the split into one purchase per fund, and the
 * payment by card or from the wallet with its checks.
 */
import { useEffect, useState } from 'react'
import type Decimal from 'decimal.js'
import { formatMoney, formatPercent } from '@/lib/format'
import { useWalletName } from '@/features/platform'
import { BUY_MESSAGES, PayChoice, usePayChoice, walletShortOf } from '@/features/trade'
import { usePaymentMethods } from '../api/get-payment-methods'

/** The value once it has stopped changing for `ms` (the preview asks the server only then). */
export function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

export interface SplitItem {
  fundCode: string
  fundName: string
  weight: string
  amount: string
  fee: string
}

/** The amount split by the weights: one row a fund, its share, amount and fee. */
export function DepositSplit({
  items,
  header,
  testId,
}: {
  items: SplitItem[]
  /** The first column's title: what the weights come from. */
  header: string
  testId: string
}) {
  return (
    <table className="fa-table" data-testid={testId}>
      <thead>
        <tr>
          <th>{header}</th>
          <th>占比</th>
          <th>金额(元)</th>
          <th>手续费(元)</th>
        </tr>
      </thead>
      <tbody>
        {items.map((s) => (
          <tr key={s.fundCode}>
            <td>{s.fundName}</td>
            <td>{formatPercent(s.weight)}</td>
            <td>{formatMoney(s.amount)}</td>
            <td>{formatMoney(s.fee)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What is wrong with paying a deposit of `money` so (null when nothing is): no way chosen, or
 * the wallet short of it, in the words of every wallet payment (walletShortOf). */
export function depositPayProblem(
  payType: string | null,
  money: Decimal,
  walletShares: string,
  walletName: string,
): string | null {
  if (!payType) return BUY_MESSAGES.noPayment
  if (payType === 'wallet') return walletShortOf(money, walletShares, walletName)
  return null
}

/** How a deposit is paid: the choice of card or wallet, what is wrong with it for an amount
 * (null when nothing is), the write's fields and the card that shows the choice. */
export function useDepositPay(serviceAccountId: number) {
  const pay = usePayChoice()
  const methods = usePaymentMethods(serviceAccountId)
  const walletName = useWalletName()
  const walletShares = methods.data?.walletShares ?? '0.00'
  const problem = (money: Decimal): string | null =>
    depositPayProblem(pay.payType, money, walletShares, walletName)
  const fields = () => ({
    payType: pay.payType === 'wallet' ? ('wallet' as const) : ('card' as const),
    paymentMethodId: pay.payType === 'card' ? pay.paymentMethodId : null,
  })
  const node = (
    <div className="trade-card trade-card--flush">
      <PayChoice
        header="扣款方式"
        choice={pay}
        walletName={walletName}
        walletBalance={walletShares}
        showWallet
      />
    </div>
  )
  return { problem, fields, node }
}
