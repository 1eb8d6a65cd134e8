/**
 * The texts of the 定投 screens in one place: the take-profit actions and the rules of
 * 目标止盈定投 (targetKeepOnRule), the confirmations of pause, resume and terminate, and the
 * empty and notice texts.
 */
import type { PlanPayType, TargetAction } from '../api/types'

export const TARGET_ACTIONS: ReadonlyArray<{ key: TargetAction; label: string; text: string }> = [
  {
    key: 'keepOn',
    label: '止盈后继续定投',
    text: '达到目标收益率后记录本轮达标，不赎回已持有的份额，计划按原金额和周期继续定投。',
  },
  {
    key: 'redeem',
    label: '止盈后赎回至钱包',
    text: '达到目标收益率后，本计划持有的份额全部赎回至钱包，计划随即终止。',
  },
  {
    key: 'hold',
    label: '止盈后持有不动',
    text: '达到目标收益率后，不赎回已持有的份额，计划停止扣款（暂停），您可随时手动卖出或恢复计划。',
  },
  {
    key: 'rolling',
    label: '止盈后滚动定投',
    text: '达到目标收益率后，本轮份额全部赎回至钱包，计划开启新一轮，按原金额和周期重新开始定投。',
  },
]

/** The take-profit targets offered (decimal rates as the calls take them). */
export const TARGET_RATES = ['0.0500', '0.0800', '0.1000', '0.1500', '0.2000', '0.3000'] as const

export const KEEP_ON_RULES: ReadonlyArray<{ title: string; paragraphs: string[] }> = [
  {
    title: '什么是目标止盈定投',
    paragraphs: [
      '目标止盈定投是在普通定投的基础上，为计划设置一个目标收益率。计划每个估值日按最新净值计算本轮持有收益率，达到目标后按您选择的方式自动处理，帮助您在市场上涨时及时锁定收益。',
    ],
  },
  {
    title: '收益率如何计算',
    paragraphs: [
      '本轮收益率 =（本轮持有份额 × 最新净值 − 本轮累计投入）÷ 本轮累计投入。只计算本计划买入并已确认的份额，不含您在计划外买入的份额。',
      '净值在交易日晚间更新，达标判断在净值更新后的估值日进行；赎回按赎回申请当日的净值确认，实际到账金额可能与达标时的金额有差异。',
    ],
  },
  {
    title: '达标后的四种处理方式',
    paragraphs: TARGET_ACTIONS.map((a) => `${a.label}：${a.text}`),
  },
  {
    title: '轮次',
    paragraphs: [
      '计划从第1轮开始。每次达到目标并处理后，该轮结束并记录达标日期、投入、市值和收益率；继续定投或滚动持有时开启下一轮，本轮收益率从零开始计算。',
      '在定投计划详情的「止盈记录」中可查看每一轮的投入、市值、收益率和处理方式。',
    ],
  },
  {
    title: '温馨提示',
    paragraphs: [
      '目标收益率不构成收益承诺；基金净值可能下跌，计划可能长期达不到目标。赎回会产生赎回费用，持有时间较短时费率较高。',
    ],
  },
]

export const CONFIRM_TEXTS = {
  pause: {
    title: '暂停定投',
    content: '暂停后将不再按期扣款，已买入的份额不受影响。您可随时恢复计划。',
    confirm: '确认暂停',
    done: '计划已暂停',
  },
  resume: {
    title: '恢复定投',
    content: '恢复后计划将从下一个扣款日起继续按期扣款。',
    confirm: '确认恢复',
    done: '计划已恢复',
  },
  terminate: {
    title: '终止定投',
    content: '终止后计划不可恢复，已买入的份额不受影响，仍在您的持仓中。确定终止吗？',
    confirm: '确认终止',
    done: '计划已终止',
  },
  sign: {
    title: '签署本期策略文件',
    content:
      '策略已变更（取消最长运作期2年的限制）。签署本期策略文件后，定投计划将继续按期扣款；未签署前，每期扣款将失败。',
    confirm: '确认签署',
    done: '已签署，定投将继续按期扣款',
  },
} as const

export const PLAN_TEXTS = {
  empty: '暂无定投计划',
  emptyHint: '每期自动买入，平摊成本，坚持积累',
  start: '去定投',
  noExecutions: '暂无扣款记录',
  unsigned: '策略已变更，本期策略文件签署前，定投扣款将失败，请先签署本期策略文件',
  continuity: '扣款失败后，后续2个交易日内自动重试',
  created: '定投计划已设置',
  updated: '定投计划已修改',
  firstCharge: (date: string) => `首次扣款日 ${date}，扣款当日按当日净值买入`,
  updateEffect: '修改将从下一个扣款日起生效',
} as const

export function payTypeText(payType: PlanPayType, walletName: string): string {
  return payType === 'wallet' ? walletName : '银行卡'
}
