/**
 * How signals and follow plans read (docs/signals.md): the plan's state, the action its screen
 * offers, a multiple (1.5倍) or a sell part (卖出30%), a band, a follow's result.
 */
import { formatPart, toDecimal } from '@/lib/format'
import { partSaleFigure } from '@/lib/order-codes'
import type { FollowAction, FollowPlan, FollowRecord, FollowStatus, Signal } from '../api/types'

export const FOLLOW_STATUS_TEXT: Record<FollowStatus, string> = {
  INIT: '未跟车',
  OPEN: '跟车中',
  PAUSE: '已暂停',
}

/** 扣款方式 of a follow plan: the broker's wallet, or the card as the buy and order screens name a
 * paying card (bankCardShowName, 工商银行(1234)); 银行卡 only when the card is not known. */
export const followPayText = (
  plan: Pick<FollowPlan, 'payType' | 'walletName' | 'bankCardShowName'>,
) => (plan.payType === 'wallet' ? plan.walletName : plan.bankCardShowName || '银行卡')

export const FOLLOW_STATUS_COLOR: Record<FollowStatus, string> = {
  INIT: 'var(--app-text-secondary)',
  OPEN: 'var(--adm-color-primary)',
  PAUSE: '#ff8f1f',
}

/** The plan screen's button for each action (docs/product.md#states "Signal follow plan"). */
export const FOLLOW_ACTION_TEXT: Record<FollowAction, string> = {
  CREATE: '确认跟车',
  UPDATE: '修改跟车',
  RESUME: '恢复跟车',
  PAUSE: '暂停跟车',
}

/** What each action did, on the result screen. */
export const FOLLOW_DONE_TEXT: Record<FollowAction, string> = {
  CREATE: '跟车计划已设置',
  UPDATE: '跟车计划已修改',
  RESUME: '跟车已恢复',
  PAUSE: '跟车已暂停',
}

export const BAND_TEXT: Record<string, string> = {
  decrease: '减少',
  standard: '标准',
  increase: '增加',
  sell: '卖出',
}

/** "1.5倍" for a buy multiple. */
export const multipleText = (value: unknown): string => {
  const d = toDecimal(value)
  return d ? `${d.toString()}倍` : '--'
}

/** "30%" for a sell part: the one way a part is written (a portfolio sale's too). */
export const partText = formatPart

/** A signal's headline figure: the multiple of a buy, the part of a sell. */
export const signalFigure = (s: Pick<Signal, 'signalType' | 'autoFollowBuyRate'>): string =>
  s.signalType === 'SELL'
    ? (partSaleFigure(s.autoFollowBuyRate) ?? '--')
    : multipleText(s.autoFollowBuyRate)

export const signalTypeText = (s: Pick<Signal, 'signalType'>): string =>
  s.signalType === 'SELL' ? '卖出信号' : '买入信号'

/** A band's range: 50%-100%, 100%, 100%-200%. */
export function bandRange(min: unknown, max: unknown): string {
  const lo = toDecimal(min)
  const hi = toDecimal(max)
  if (!lo || !hi) return '--'
  const pct = (d: typeof lo) => `${d.times(100).toDecimalPlaces(0).toString()}%`
  return lo.eq(hi) ? pct(lo) : `${pct(lo)}-${pct(hi)}`
}

export const FOLLOW_RESULT_TEXT: Record<FollowRecord['status'], string> = {
  PENDING: '处理中',
  SUCCESS: '已下单',
  FAIL: '跟车失败',
}

export const SIGNAL_TEXTS = {
  noSignals: '暂无发车记录',
  noFollows: '暂无跟车记录',
  soldByPlan: '已跟车卖出',
  noPlans: '暂未跟车',
  noPlansHint: '在发车产品页设置跟车计划后，主理人每次发车都会自动为你跟车',
  planRule: '每次买入信号按“跟车金额 × 发车倍数”自动买入；卖出信号按主理人指示的比例自动卖出。',
  planAuthorize: '确认后，每次发车将按本计划自动下单，无需再次输入交易密码。',
  pauseConfirm: '暂停后将不再自动跟车，可随时恢复。',
} as const
