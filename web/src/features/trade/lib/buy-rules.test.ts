import { describe, expect, it } from 'vitest'
import { BUY_MESSAGES, checkBuy, tradingTimeNotice, type BuyCheckInput } from './buy-rules'

const ok: BuyCheckInput = {
  amount: '1000',
  minPurchaseAmount: '100.00',
  canBuy: true,
  payType: 'card',
  paymentMethodId: 7,
  cardSingleLimit: '50000.00',
  walletBalance: '0.00',
  walletName: '零钱宝',
  hasFinancialAccounts: true,
  financialAccountId: 3,
  agreed: true,
}

describe('checkBuy (docs/product.md#validation submission checks)', () => {
  it('passes a complete purchase', () => {
    expect(checkBuy(ok)).toBeNull()
  })

  it("refuses a product refused to the investor in the server's words (judgeRisk's refusal)", () => {
    const refusal = '该产品风险等级超出您的风险承受能力，暂时无法购买'
    expect(checkBuy({ ...ok, riskRefusal: refusal })).toBe(refusal)
    expect(checkBuy({ ...ok, riskRefusal: '' })).toBeNull()
  })

  it('asks for an amount when empty or zero', () => {
    expect(checkBuy({ ...ok, amount: '' })).toBe('请输入买入金额')
    expect(checkBuy({ ...ok, amount: '0.00' })).toBe('请输入买入金额')
  })

  it('refuses below the minimum, naming it as 金额不能少于 {min} 元', () => {
    expect(checkBuy({ ...ok, amount: '99.99' })).toBe('金额不能少于 100.00 元')
    expect(checkBuy({ ...ok, amount: '100' })).toBeNull()
    expect(checkBuy({ ...ok, amount: '0.5', minPurchaseAmount: '1.50' })).toBe(
      '金额不能少于 1.50 元',
    )
  })

  it('needs a way to pay: 请选择 "扣款方式"', () => {
    expect(checkBuy({ ...ok, payType: null, paymentMethodId: null })).toBe('请选择 "扣款方式"')
    expect(checkBuy({ ...ok, payType: 'card', paymentMethodId: null })).toBe(BUY_MESSAGES.noPayment)
  })

  it('from an empty wallet: 请先充值{wallet name}; above its balance: 余额不足', () => {
    const wallet = { ...ok, payType: 'wallet' as const, paymentMethodId: null }
    expect(checkBuy({ ...wallet, walletBalance: '0.00' })).toBe('请先充值零钱宝')
    // 1000.00 wanted, 999.99 held: one cent short.
    expect(checkBuy({ ...wallet, walletBalance: '999.99' })).toBe(
      '零钱宝可用余额不足，当前可用 999.99 元',
    )
    expect(checkBuy({ ...wallet, walletBalance: '1000.00' })).toBeNull()
    expect(checkBuy({ ...wallet, walletName: '', walletBalance: null })).toBe('请先充值钱包')
  })

  it('keeps a card payment within the card single limit, written as money', () => {
    expect(checkBuy({ ...ok, amount: '50000.01' })).toBe('超过银行卡单笔支付限额 50,000.00 元')
    expect(checkBuy({ ...ok, amount: '50000' })).toBeNull()
    expect(checkBuy({ ...ok, amount: '1234567.01', cardSingleLimit: '1234567.00' })).toBe(
      '超过银行卡单笔支付限额 1,234,567.00 元',
    )
    expect(checkBuy({ ...ok, amount: '900000', cardSingleLimit: '0.00' })).toBeNull()
  })

  it('needs a financial account when the user has some: 请选择 "理财账户"', () => {
    expect(checkBuy({ ...ok, financialAccountId: null })).toBe('请选择 "理财账户"')
  })

  it('a pension fund paid from the pension account stays within its balance', () => {
    const pension = { ...ok, payType: 'pension' as const, paymentMethodId: null }
    expect(checkBuy({ ...pension, pensionBalance: '1000.00' })).toBeNull()
    expect(checkBuy({ ...pension, pensionBalance: '999.99' })).toBe(
      '个人养老金资金账户余额不足，可用余额999.99元',
    )
    expect(checkBuy({ ...pension, pensionBalance: null })).toBe(BUY_MESSAGES.noPensionAccount)
  })

  it('needs the agreements ticked', () => {
    expect(checkBuy({ ...ok, agreed: false })).toBe('请先阅读并同意相关协议')
  })

  it('refuses a suspended product with its tag, and missing disclosures', () => {
    expect(checkBuy({ ...ok, canBuy: false, statusText: '暂停申购' })).toBe('暂停申购')
    expect(checkBuy({ ...ok, disclosureComplete: false })).toBe(
      '该组合目前缺少产品信息披露，暂时无法交易',
    )
    expect(checkBuy({ ...ok, componentDisclosureMissing: true })).toBe(
      '该产品无法交易，因披露信息不足',
    )
    expect(checkBuy({ ...ok, disclosureComplete: false, disclosureExempt: true })).toBeNull()
  })

  it('applies the checks in order: the first failing one speaks', () => {
    expect(checkBuy({ ...ok, amount: '', agreed: false, paymentMethodId: null })).toBe(
      '请输入买入金额',
    )
    expect(checkBuy({ ...ok, amount: '50', agreed: false })).toBe('金额不能少于 100.00 元')
  })
})

describe('tradingTimeNotice (docs/product.md#validation)', () => {
  it('shows only when both times exist', () => {
    expect(tradingTimeNotice('14:30:00', null)).toBeNull()
    expect(tradingTimeNotice('14:30:00', '15:00:00')).toBe(
      '本产品在交易日 14:30-15:00 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，若需交易请避开如上期间进行交易操作。',
    )
  })
})
