import { describe, expect, it } from 'vitest'
import { flowText, hasFlows, periodText, statementListPath, statementViewerPath } from './texts'

describe('statement texts', () => {
  it('names a month and a year', () => {
    expect(periodText('2026-10')).toBe('2026年10月')
    expect(periodText('2026-03')).toBe('2026年3月')
    expect(periodText('2025')).toBe('2025年')
  })
  it('opens the list and a period’s viewer over 收益账本, on no route of their own', () => {
    expect(statementListPath('year')).toBe('/profitBookList?reportType=year')
    expect(
      statementViewerPath({ financialAccountId: 7, reportType: 'month', period: '2026-10' }),
    ).toBe('/profitBookList?reportType=month&financialAccountId=7&period=2026-10')
  })
})

describe('资金进出', () => {
  it('has bars to draw once any month moved money in or out', () => {
    const still = { inflow: '0.00', outflow: '0.00' }
    expect(hasFlows([still, still])).toBe(false)
    expect(hasFlows([])).toBe(false)
    expect(hasFlows([still, { inflow: '0.00', outflow: '20.00' }])).toBe(true)
    expect(hasFlows([{ inflow: '1000.00', outflow: '0.00' }, still])).toBe(true)
  })
})

describe('a card flow of 资金进出', () => {
  it('names its product beside the title, and a wallet recharge by the wallet once', () => {
    expect(flowText({ title: '申购', productName: '远航沪深300指数A' })).toBe(
      '申购 · 远航沪深300指数A',
    )
    expect(flowText({ title: '活期宝充值', productName: '' })).toBe('活期宝充值')
  })
})
