import { describe, expect, it } from 'vitest'
import type { SmartBand } from '../api/types'
import { planTypeOf } from './paths'
import {
  choiceOf,
  dayOptions,
  defaultPeriod,
  monthDayOf,
  periodParams,
  periodText,
  switchPeriod,
  weekdayOf,
} from './period'
import { checkPeriod, checkPlan, PLAN_MESSAGES, type PlanCheckInput } from './rules'
import {
  bandRange,
  currentBandIndex,
  deviationText,
  largestMultiplier,
  multiplierText,
  scaledAmount,
} from './smart'
import { executionStatusText, nextDateText, planStatusText, targetActionText } from './status'
import { KEEP_ON_RULES, TARGET_ACTIONS } from './texts'

describe('periods', () => {
  it('read as the plan calls name them', () => {
    expect(
      periodText({ periodUnit: 0, periodInterval: 1, periodDay: null, periodMonth: null }),
    ).toBe('每个交易日')
    expect(periodText({ periodUnit: 1, periodInterval: 1, periodDay: 3, periodMonth: null })).toBe(
      '每周三',
    )
    expect(periodText({ periodUnit: 1, periodInterval: 2, periodDay: 3, periodMonth: null })).toBe(
      '每两周周三',
    )
    expect(periodText({ periodUnit: 2, periodInterval: 1, periodDay: 8, periodMonth: null })).toBe(
      '每月8日',
    )
    expect(periodText({ periodUnit: 3, periodInterval: 1, periodDay: 8, periodMonth: 3 })).toBe(
      '每年3月8日',
    )
  })

  it('start weekly on the server day’s weekday, 周一 at a weekend', () => {
    // 2026-11-25 is a Wednesday, 2026-11-28 a Saturday
    expect(weekdayOf('2026-11-25')).toBe(3)
    expect(weekdayOf('2026-11-28')).toBe(1)
    expect(weekdayOf('2026-11-29')).toBe(1)
    expect(defaultPeriod('2026-11-27')).toEqual({
      periodUnit: 1,
      periodInterval: 1,
      periodDay: 5,
      periodMonth: null,
    })
  })

  it('switch kinds keeping what fits: a weekday stays a weekday, a month day stays', () => {
    const weekly = defaultPeriod('2026-11-25')
    expect(switchPeriod(weekly, 'biweek', '2026-11-25')).toEqual({
      periodUnit: 1,
      periodInterval: 2,
      periodDay: 3,
      periodMonth: null,
    })
    // to a month: the day of month of today (29–31 give 1)
    expect(switchPeriod(weekly, 'month', '2026-11-25').periodDay).toBe(25)
    expect(switchPeriod(weekly, 'month', '2026-11-30').periodDay).toBe(1)
    const monthly = switchPeriod(weekly, 'month', '2026-11-25')
    expect(switchPeriod({ ...monthly, periodDay: 8 }, 'year', '2026-11-25')).toEqual({
      periodUnit: 3,
      periodInterval: 1,
      periodDay: 8,
      periodMonth: 11,
    })
    expect(switchPeriod(monthly, 'day', '2026-11-25')).toEqual({
      periodUnit: 0,
      periodInterval: 1,
      periodDay: null,
      periodMonth: null,
    })
    expect(choiceOf({ periodUnit: 1, periodInterval: 2 })).toBe('biweek')
    expect(monthDayOf('2026-02-28')).toBe(28)
  })

  it('offer 周一–周五 for weeks and 1–28日 for months', () => {
    expect(dayOptions(1).map((o) => o.label)).toEqual(['周一', '周二', '周三', '周四', '周五'])
    const month = dayOptions(2)
    expect([month.length, month[0].label, month[27].label]).toEqual([28, '1日', '28日'])
    expect(dayOptions(0)).toEqual([])
  })

  it('send only the fields the unit has', () => {
    expect(
      periodParams({ periodUnit: 2, periodInterval: 2, periodDay: 8, periodMonth: 3 }),
    ).toEqual({ periodUnit: 2, periodInterval: 1, periodDay: 8, periodMonth: null })
    expect(
      periodParams({ periodUnit: 0, periodInterval: 1, periodDay: 8, periodMonth: 3 }),
    ).toEqual({ periodUnit: 0, periodInterval: 1, periodDay: null, periodMonth: null })
  })
})

describe('the plan screen’s checks', () => {
  const ok: PlanCheckInput = {
    canBuy: true,
    hasFinancialAccounts: true,
    financialAccountId: 1,
    amount: '500',
    minAmount: '10.00',
    maxAmount: '50000.00',
    period: { periodUnit: 1, periodInterval: 1, periodDay: 3, periodMonth: null },
    payType: 'card',
    paymentMethodId: 7,
    target: false,
    targetRate: null,
    targetAction: null,
    agreed: true,
  }

  it('pass a complete plan', () => {
    expect(checkPlan(ok)).toBeNull()
  })

  it('refuse, in order, what the server would', () => {
    expect(checkPlan({ ...ok, canBuy: false, statusText: '暂停申购' })).toBe('暂停申购')
    expect(checkPlan({ ...ok, canBuy: false, statusText: '' })).toBe('暂停申购')
    expect(checkPlan({ ...ok, financialAccountId: null })).toBe(PLAN_MESSAGES.noFinancialAccount)
    expect(checkPlan({ ...ok, amount: '' })).toBe('请输入定投金额')
    expect(checkPlan({ ...ok, amount: '9.99' })).toBe('最低定投金额为10元')
    expect(checkPlan({ ...ok, amount: '5', minAmount: '12.50' })).toBe('最低定投金额为12.50元')
    expect(checkPlan({ ...ok, amount: '50000.01' })).toBe('定投金额超过银行卡单笔限额50,000.00元')
    // a smart period may charge 1.5 times the amount: 40 000 by a card of 50 000 is over it
    expect(checkPlan({ ...ok, amount: '40000', smartMultiplier: '1.5' })).toBe(
      '智能定投单期最多扣款60,000.00元（每期金额×1.5倍），超过银行卡单笔限额50,000.00元',
    )
    expect(checkPlan({ ...ok, amount: '33333.33', smartMultiplier: '1.5' })).toBeNull()
    // the card limit does not bind a wallet plan
    expect(checkPlan({ ...ok, amount: '50000.01', payType: 'wallet' })).toBeNull()
    expect(checkPlan({ ...ok, payType: 'card', paymentMethodId: null })).toBe(
      PLAN_MESSAGES.noPayment,
    )
    expect(checkPlan({ ...ok, payType: null })).toBe(PLAN_MESSAGES.noPayment)
    expect(checkPlan({ ...ok, target: true })).toBe('请选择目标收益率')
    expect(checkPlan({ ...ok, target: true, targetRate: '0.1000' })).toBe('请选择止盈后的操作')
    expect(checkPlan({ ...ok, target: true, targetRate: '0.1', targetAction: 'redeem' })).toBeNull()
    expect(checkPlan({ ...ok, agreed: false })).toBe('请先阅读并同意相关协议')
  })

  it('take a day of month 1–28 and a weekday 1–5 only', () => {
    const month = (periodDay: number) => ({
      periodUnit: 2 as const,
      periodInterval: 1,
      periodDay,
      periodMonth: null,
    })
    expect(checkPeriod(month(28))).toBeNull()
    expect(checkPeriod(month(29))).toBe('每月扣款日请选择1–28日')
    expect(checkPeriod(month(31))).toBe('每月扣款日请选择1–28日')
    expect(checkPeriod(month(0))).toBe('每月扣款日请选择1–28日')
    expect(checkPeriod({ periodUnit: 1, periodInterval: 1, periodDay: 6, periodMonth: null })).toBe(
      '每周扣款日请选择周一至周五',
    )
    expect(checkPeriod({ periodUnit: 3, periodInterval: 1, periodDay: 8, periodMonth: 13 })).toBe(
      '请选择扣款月份',
    )
    expect(checkPlan({ ...ok, period: month(30) })).toBe('每月扣款日请选择1–28日')
  })
})

describe('smart bands on screen', () => {
  const bands: SmartBand[] = [
    { lowerDeviation: null, upperDeviation: '-0.2000', multiplier: '1.50', label: '大幅低估' },
    { lowerDeviation: '-0.2000', upperDeviation: '-0.0500', multiplier: '1.20', label: '低估' },
    { lowerDeviation: '-0.0500', upperDeviation: '0.0500', multiplier: '1.00', label: '正常' },
    { lowerDeviation: '0.0500', upperDeviation: '0.2000', multiplier: '0.80', label: '高估' },
    { lowerDeviation: '0.2000', upperDeviation: null, multiplier: '0.50', label: '大幅高估' },
  ]

  it('name each band’s range and multiplier', () => {
    expect(bands.map(bandRange)).toEqual([
      '低于 -20.00%',
      '-20.00% ~ -5.00%',
      '-5.00% ~ 5.00%',
      '5.00% ~ 20.00%',
      '高于 20.00%',
    ])
    expect(bands.map((b) => multiplierText(b.multiplier))).toEqual([
      '1.5倍',
      '1.2倍',
      '1倍',
      '0.8倍',
      '0.5倍',
    ])
  })

  it('take the biggest multiplier as the most one period may charge', () => {
    expect(largestMultiplier(bands)).toBe('1.5')
    expect(largestMultiplier([])).toBeNull()
  })

  it('find today’s band: lower bound in, upper bound out', () => {
    expect(currentBandIndex(bands, '-0.3')).toBe(0)
    expect(currentBandIndex(bands, '-0.2000')).toBe(1)
    expect(currentBandIndex(bands, '0.0499')).toBe(2)
    expect(currentBandIndex(bands, '0.0500')).toBe(3)
    expect(currentBandIndex(bands, '0.9')).toBe(4)
    expect(currentBandIndex(bands, null)).toBe(-1)
  })

  it('scale the amount half-up to the cent', () => {
    expect(scaledAmount('500', '1.50')).toBe('750.00')
    expect(scaledAmount('333.33', '1.5')).toBe('500.00') // 499.995 → 500.00
    expect(scaledAmount('100.01', '0.8')).toBe('80.01') // 80.008
    expect(scaledAmount('', '1.5')).toBe('')
  })

  it('say where the index stands', () => {
    // one percent format everywhere (lib/format formatPercent): two decimals, truncated
    expect(deviationText('-0.1250')).toBe('低于均线 12.50%')
    expect(deviationText('0.03')).toBe('高于均线 3.00%')
    expect(deviationText('0')).toBe('与均线持平')
    expect(deviationText(null)).toBe('--')
  })
})

describe('statuses and labels', () => {
  it('name plan statuses as the dictionary does', () => {
    expect(['A', 'P', 'T'].map(planStatusText)).toEqual(['进行中', '已暂停', '已终止'])
  })

  it('name an execution by its state, its confirmation and its try', () => {
    const e = { status: 'SUCCESS' as const, attempt: 1, confirmedShares: null }
    expect(executionStatusText(e)).toBe('扣款成功')
    expect(executionStatusText({ ...e, confirmedShares: '120.34' })).toBe('已确认')
    expect(executionStatusText({ ...e, status: 'ACTIVE', attempt: 2 })).toBe('第2次扣款中')
    expect(executionStatusText({ ...e, status: 'ACTIVE' })).toBe('扣款中')
    expect(executionStatusText({ ...e, status: 'FAIL', attempt: 3 })).toBe('扣款失败')
    expect(executionStatusText({ ...e, status: 'TERMINATED' })).toBe('已终止')
  })

  it('say what comes next for each status', () => {
    expect(nextDateText({ status: 'A', nextDate: '2026-12-02', statusReason: '' })).toBe(
      '下次扣款 2026-12-02',
    )
    expect(
      nextDateText({
        status: 'P',
        nextDate: null,
        statusReason: '连续3期扣款失败，计划已自动暂停',
      }),
    ).toBe('连续3期扣款失败，计划已自动暂停')
    expect(nextDateText({ status: 'P', nextDate: null, statusReason: '' })).toBe(
      '计划已暂停，恢复后继续扣款',
    )
    expect(nextDateText({ status: 'T', nextDate: null, statusReason: '' })).toBe('计划已终止')
  })

  it('name the four take-profit actions, each explained in the rules', () => {
    expect(TARGET_ACTIONS.map((a) => a.key)).toEqual(['keepOn', 'redeem', 'hold', 'rolling'])
    expect(targetActionText('keepOn')).toBe('止盈后继续定投')
    expect(targetActionText('redeem')).toBe('止盈后赎回至钱包')
    expect(targetActionText(null)).toBe('--')
    const rules = KEEP_ON_RULES.flatMap((r) => r.paragraphs).join('\n')
    for (const a of TARGET_ACTIONS) expect(rules).toContain(a.label)
  })

  it('tell the plan type from the product link', () => {
    expect(planTypeOf('fund', '003304')).toBe('fund')
    expect(planTypeOf('poFund', 'ZH000002')).toBe('poFund')
    expect(planTypeOf(null, 'CL000001')).toBe('strategy')
    expect(planTypeOf('strategy', 'CL000001')).toBe('strategy')
    expect(planTypeOf('wallet', '000509')).toBe('wallet')
    expect(planTypeOf('fund', '000509')).toBe('wallet')
  })
})
