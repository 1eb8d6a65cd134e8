/**
 * 卖出 (redeem): a fund by shares (redeemFundByFundCode, to the card or the wallet), a portfolio
 * by ratio (prepareRedeemPo, then redeemPo), or the wallet by amount (redeemWallet, normal or
 * fast). The available shares come from getShares; the checks of lib/redeem-rules run before
 * the trade password (docs/trading.md "Selling and cancelling").
 */
import { useState } from 'react'
import { Button, List, Radio } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useFinancialAccounts } from '@/features/financial-accounts'
import { useWalletName } from '@/features/platform'
import { formatMoney, formatNumber, toDecimal } from '@/lib/format'
import { showFailToast } from '@/lib/toast'
import { useTradeUUID } from '@/lib/trade-uuid'
import { usePaymentMethods, type PaymentMethod } from '@/features/cards'
import { useShares } from '../api/get-shares'
import { useTradeDate } from '../api/get-trade-date'
import { useTradeProduct, type TradeProduct } from '../api/get-trade-product'
import { useRedeemPoPlan } from '../api/prepare-redeem-po'
import { invalidateAfterTrade, redeemFund, redeemPo, redeemWallet } from '../api/trade-writes'
import type { FundRedeemTo, Order, RedeemTo, ShareRow } from '../api/types'
import { AmountField } from '../components/amount-field'
import { cardLabel } from '../components/pay-choice'
import { ProductHead } from '../components/product-head'
import { useTradeSubmit } from '../hooks/use-trade-submit'
import { portionOf, toAmountString } from '../lib/amount'
import { BUY_MESSAGES } from '../lib/buy-rules'
import { useRedeemFundFee } from '../api/estimate-redeem-fund-fee'
import { fundHolding, redeemableItems } from '../lib/holdings'
import { tradeTypeOf } from '../lib/product-kind'
import {
  checkRedeemRatio,
  checkRedeemShares,
  checkWithdraw,
  FAST_WITHDRAW_NOTE,
  ratioFromPercent,
  REDEEM_MESSAGES,
  SHARE_PICKS,
} from '../lib/redeem-rules'
import '../trade.css'

function useSubmitFlow() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { tradeUUID, renew } = useTradeUUID()
  const { submit, dialog } = useTradeSubmit()
  const [password, setPassword] = useState(false)
  const run = async (
    call: () => Promise<Order>,
    match: { productCode: string; shares?: string; amount?: string },
  ) => {
    const outcome = await submit(call, { match })
    if (outcome.ok) {
      setPassword(false)
      renew()
      void invalidateAfterTrade(queryClient)
      navigate(`/tradeResult?brokerOrderNo=${encodeURIComponent(outcome.value.brokerOrderNo)}`, {
        replace: true,
      })
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(false)
  }
  return { tradeUUID, dialog, password, setPassword, run, navigate }
}

/** The confirm button, then the trade password sheet and the processing dialogs of the flow. */
function ConfirmFooter({
  flow,
  label,
  description,
  onConfirm,
  onPassword,
}: {
  flow: ReturnType<typeof useSubmitFlow>
  label: string
  description: string
  onConfirm: () => void
  onPassword: (tradePassword: string) => Promise<unknown>
}) {
  return (
    <>
      <div className="trade-footer">
        <Button block color="primary" data-testid="trade-submit" onClick={onConfirm}>
          {label}
        </Button>
      </div>
      <TradePasswordPopup
        visible={flow.password}
        description={description}
        onClose={() => flow.setPassword(false)}
        onSubmit={onPassword}
        onForgot={() => flow.navigate('/resetTradePasswordAuth')}
      />
      {flow.dialog}
    </>
  )
}

/** 回款方式: the card, or the wallet (paid when the shares are confirmed, then usable for
 * purchases: rules/dates.py arrival_date). */
function RedeemToList({ value, onChange }: { value: RedeemTo; onChange: (v: RedeemTo) => void }) {
  const walletName = useWalletName()
  const cards = usePaymentMethods()
  const card = cards.data?.paymentMethods.find((c) => c.isSigned) ?? cards.data?.paymentMethods[0]
  return (
    <div className="trade-card trade-card--flush">
      <List header="回款方式">
        <Radio.Group value={value} onChange={(v) => onChange(v as RedeemTo)}>
          <List.Item prefix={<Radio value="card" />} onClick={() => onChange('card')}>
            <CardLine card={card} />
          </List.Item>
          <List.Item
            prefix={<Radio value="wallet" />}
            description="份额确认后到账，可用于买入"
            onClick={() => onChange('wallet')}
          >
            {walletName}
          </List.Item>
        </Radio.Group>
      </List>
    </div>
  )
}

function CardLine({ card }: { card?: PaymentMethod }) {
  return <>{card ? cardLabel(card) : '银行卡'}</>
}

function FundRedeem({
  product,
  holding,
  financialAccountId,
}: {
  product: TradeProduct
  holding: ShareRow
  financialAccountId: number
}) {
  const flow = useSubmitFlow()
  const dates = useTradeDate(product.productCode)
  const [shares, setShares] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const [chosenTo, setRedeemTo] = useState<RedeemTo>('card')
  // a pension fund's cash goes back to the pension account only (docs/pension.md)
  const redeemTo: FundRedeemTo = product.isPension ? 'pension' : chosenTo
  const available = holding.availableShares
  const amount = toAmountString(shares)
  const validShares = !!toDecimal(shares)?.gt(0) && !toDecimal(shares)?.gt(available)
  const estimate = useRedeemFundFee(
    { financialAccountId, fundCode: product.productCode, shares: amount },
    validShares,
  )
  const minRedeem = holding.minRedeemShares || product.minRedeemShares
  const minHold = holding.minHoldShares || product.minHoldShares
  const arrival = redeemTo === 'wallet' ? dates.data?.confirmDate : dates.data?.arrivalDate

  const onSubmit = () => {
    const message = checkRedeemShares({
      shares,
      availableShares: available,
      minRedeemShares: minRedeem,
      minHoldShares: minHold,
      canRedeem: product.canRedeem,
      statusText: product.statusText,
    })
    if (message) return showFailToast(message)
    setKeyboard(false)
    flow.setPassword(true)
  }

  const place = (tradePassword: string) => {
    return flow.run(
      () =>
        redeemFund({
          financialAccountId,
          fundCode: product.productCode,
          shares: amount,
          redeemTo,
          tradePassword,
          tradeUUID: flow.tradeUUID,
        }),
      { productCode: product.productCode, shares: amount },
    )
  }

  return (
    <div className="trade-page">
      <ProductHead product={product} />
      <div className="trade-card">
        <div className="trade-card__title">卖出份额</div>
        <AmountField
          value={shares}
          onChange={setShares}
          unit=""
          suffix="份"
          placeholder={`最多可卖 ${formatNumber(available)} 份`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
        />
        <div className="trade-quick">
          {SHARE_PICKS.map((p) => {
            const value = portionOf(available, p.denominator)
            return (
              <button
                type="button"
                key={p.label}
                className={shares && toDecimal(shares)?.eq(value) ? 'is-active' : ''}
                onClick={() => setShares(value)}
              >
                {p.label}
              </button>
            )
          })}
        </div>
        <div className="trade-lines" data-testid="trade-fee">
          <div>
            可用份额 <strong>{formatNumber(available)}份</strong>
            {toDecimal(holding.frozenShares)?.gt(0) && (
              <>，冻结 {formatNumber(holding.frozenShares)}份</>
            )}
          </div>
          {validShares && estimate.data && (
            <div data-testid="redeem-estimate">
              预估到账 <strong>{formatMoney(estimate.data.estimatedAmount)}元</strong>，赎回费{' '}
              <strong>{formatMoney(estimate.data.estimatedFee)}元</strong>（按最新净值{' '}
              {estimate.data.nav} 估算）
            </div>
          )}
          <div>赎回费按每笔份额的持有期限计算（持有不足7天不低于1.5%），以实际确认为准</div>
          {toDecimal(minRedeem)?.gt(0) && <div>单笔最低卖出 {formatNumber(minRedeem)} 份</div>}
          {arrival && (
            <div>
              预计 <strong>{arrival}</strong> 到账
            </div>
          )}
        </div>
      </div>
      {product.isPension ? (
        <div className="trade-card" data-testid="pension-redeem-to">
          <div className="trade-card__title">回款方式</div>
          <div>个人养老金资金账户（赎回资金在达到领取条件前不可取出）</div>
        </div>
      ) : (
        <RedeemToList value={chosenTo} onChange={setRedeemTo} />
      )}
      <ConfirmFooter
        flow={flow}
        label="确认卖出"
        description={`卖出 ${formatNumber(toAmountString(shares))} 份`}
        onConfirm={onSubmit}
        onPassword={place}
      />
    </div>
  )
}

const RATIO_PICKS = [
  { label: '全部', percent: '100' },
  { label: '1/2', percent: '50' },
  { label: '1/3', percent: '33.33' },
]

function PoRedeem({
  product,
  rows,
  financialAccountId,
}: {
  product: TradeProduct
  rows: ShareRow[]
  financialAccountId: number
}) {
  const flow = useSubmitFlow()
  const [percent, setPercent] = useState('')
  const [redeemTo, setRedeemTo] = useState<RedeemTo>('card')
  const [keyboard, setKeyboard] = useState(false)
  const ratio = ratioFromPercent(percent)
  const item = redeemableItems(rows).find((i) => i.productCode === product.productCode)
  const plan = useRedeemPoPlan(
    { financialAccountId, poCode: product.productCode, ratio },
    !checkRedeemRatio(ratio),
  )

  const onSubmit = () => {
    const message = checkRedeemRatio(ratio, product.canRedeem, product.statusText)
    if (message) return showFailToast(message)
    setKeyboard(false)
    flow.setPassword(true)
  }
  const place = (tradePassword: string) =>
    flow.run(
      () =>
        redeemPo({
          financialAccountId,
          poCode: product.productCode,
          ratio,
          redeemTo,
          tradePassword,
          tradeUUID: flow.tradeUUID,
        }),
      { productCode: product.productCode },
    )

  return (
    <div className="trade-page">
      <ProductHead product={product} />
      <div className="trade-card">
        <div className="trade-card__title">卖出比例</div>
        <AmountField
          value={percent}
          onChange={(v) => setPercent(toDecimal(v)?.gt(100) ? '100' : v)}
          unit=""
          suffix="%"
          placeholder="请输入卖出比例"
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
        />
        <div className="trade-quick">
          {RATIO_PICKS.map((p) => (
            <button
              type="button"
              key={p.label}
              className={percent === p.percent ? 'is-active' : ''}
              onClick={() => setPercent(p.percent)}
            >
              {p.label}
            </button>
          ))}
        </div>
        <div className="trade-lines" data-testid="trade-fee">
          <div>
            持有市值 <strong>{formatMoney(item?.marketValue)}元</strong>
          </div>
          {plan.data && ratio && (
            <>
              <div>
                预估到账 <strong>{formatMoney(plan.data.estimatedAmount)}元</strong>，预估手续费{' '}
                <strong>{formatMoney(plan.data.estimatedFee)}元</strong>
              </div>
              {plan.data.items.map((i) => (
                <div key={i.fundCode}>
                  {i.fundName} 卖出 {formatNumber(i.shares)}份，约 {formatMoney(i.estimatedAmount)}
                  元
                </div>
              ))}
            </>
          )}
          <div>按比例卖出组合内每只基金</div>
        </div>
      </div>
      <RedeemToList value={redeemTo} onChange={setRedeemTo} />
      <ConfirmFooter
        flow={flow}
        label="确认卖出"
        description={`卖出组合 ${percent}%`}
        onConfirm={onSubmit}
        onPassword={place}
      />
    </div>
  )
}

function WalletRedeem({
  product,
  holding,
  financialAccountId,
}: {
  product: TradeProduct
  holding?: ShareRow
  financialAccountId: number
}) {
  const flow = useSubmitFlow()
  const walletName = useWalletName()
  const cards = usePaymentMethods()
  const card = cards.data?.paymentMethods.find((c) => c.isSigned) ?? cards.data?.paymentMethods[0]
  const [amount, setAmount] = useState('')
  const [keyboard, setKeyboard] = useState(false)
  const [fast, setFast] = useState(false)
  const available = holding?.availableShares ?? '0.00'
  // a normal withdrawal reaches the card on T+1: after 15:00 or on a closed day that is not
  // the next trading day, so the day itself is shown (getTradeDate's arrivalDate)
  const dates = useTradeDate(product.productCode)
  const arrival = dates.data?.arrivalDate

  const onSubmit = () => {
    if (!product.canRedeem) return showFailToast(product.statusText || REDEEM_MESSAGES.suspended)
    const message = checkWithdraw(amount, available, fast, walletName)
    if (message) return showFailToast(message)
    if (!card) return showFailToast(BUY_MESSAGES.noPayment)
    setKeyboard(false)
    flow.setPassword(true)
  }
  const place = (tradePassword: string) => {
    const money = toAmountString(amount)
    return flow.run(
      () =>
        redeemWallet({
          financialAccountId,
          amount: money,
          fast,
          paymentMethodId: card?.paymentMethodId as number,
          tradePassword,
          tradeUUID: flow.tradeUUID,
        }),
      { productCode: product.productCode, amount: money },
    )
  }
  return (
    <div className="trade-page">
      <ProductHead product={product} />
      <div className="trade-card">
        <div className="trade-card__title">取现金额</div>
        <AmountField
          value={amount}
          onChange={setAmount}
          placeholder={`最多可取 ${formatMoney(available)} 元`}
          keyboardVisible={keyboard}
          onKeyboardVisible={setKeyboard}
        />
        <div className="trade-quick">
          <button type="button" onClick={() => setAmount(available)}>
            全部
          </button>
        </div>
      </div>
      <div className="trade-card trade-card--flush">
        <List header="取现方式">
          <Radio.Group value={fast ? 'fast' : 'normal'} onChange={(v) => setFast(v === 'fast')}>
            <List.Item
              prefix={<Radio value="normal" />}
              description={arrival ? `预计 ${arrival} 到账` : 'T+1日到账'}
              onClick={() => setFast(false)}
            >
              普通取现
            </List.Item>
            <List.Item
              prefix={<Radio value="fast" />}
              description={FAST_WITHDRAW_NOTE}
              onClick={() => setFast(true)}
            >
              快速取现
            </List.Item>
          </Radio.Group>
          <List.Item extra={<CardLine card={card} />}>到账银行卡</List.Item>
        </List>
      </div>
      <ConfirmFooter
        flow={flow}
        label="确认取现"
        description={`取现 ${formatMoney(toAmountString(amount))} 元`}
        onConfirm={onSubmit}
        onPassword={place}
      />
    </div>
  )
}

export default function RedeemPage() {
  const [params] = useSearchParams()
  const productCode = params.get('productCode') ?? ''
  const type = tradeTypeOf(params.get('productType'), productCode)
  const accounts = useFinancialAccounts(false)
  const financialAccountId =
    Number(params.get('financialAccountId')) ||
    accounts.data?.visibleAccountList[0]?.financialAccountId ||
    null
  const product = useTradeProduct(productCode, type)
  const shares = useShares(financialAccountId, !accounts.isPending)
  if (!accounts.isPending && financialAccountId === null)
    return <p className="form-page__intro">{BUY_MESSAGES.noFinancialAccount}</p>
  return (
    <QueryView query={product} rows={6} emptyTitle="缺少产品信息">
      {(p) => (
        <QueryView query={shares} rows={4}>
          {(rows) => {
            if (type === 'PO') {
              const own = rows.filter((r) => r.portfolioCode === p.productCode && !r.isBrokeUp)
              if (own.length === 0)
                return <p className="form-page__intro">{REDEEM_MESSAGES.noAvailable}</p>
              return (
                <PoRedeem
                  product={p}
                  rows={own}
                  financialAccountId={financialAccountId as number}
                />
              )
            }
            const holding = fundHolding(rows, p.productCode)
            if (type === 'WALLET')
              return (
                <WalletRedeem
                  product={p}
                  holding={holding}
                  financialAccountId={financialAccountId as number}
                />
              )
            if (!holding) return <p className="form-page__intro">{REDEEM_MESSAGES.noAvailable}</p>
            return (
              <FundRedeem
                product={p}
                holding={holding}
                financialAccountId={financialAccountId as number}
              />
            )
          }}
        </QueryView>
      )}
    </QueryView>
  )
}
