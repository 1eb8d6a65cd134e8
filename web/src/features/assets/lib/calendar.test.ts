import { describe, expect, it } from 'vitest'
import { cellProfit, leadingBlanks, monthGrid, shiftMonth, sumFigures, yearGrid } from './calendar'

describe('the month grid of the profit calendar', () => {
  it('starts on Monday: November 2026 begins on a Sunday, so six blanks come first', () => {
    expect(leadingBlanks('2026-11')).toBe(6)
    const weeks = monthGrid('2026-11', [
      { date: '2026-11-02', profit: '12.30' },
      { date: '2026-11-30', profit: '-4.05' },
    ])
    // 6 blanks + 30 days = 36 cells → 6 weeks of 7, the last with 6 trailing blanks
    expect(weeks).toHaveLength(6)
    expect(weeks.every((w) => w.length === 7)).toBe(true)
    expect(weeks[0].slice(0, 6).every((c) => c.date === null)).toBe(true)
    expect(weeks[0][6]).toEqual({ date: '2026-11-01', day: 1, profit: null })
    expect(weeks[1][0]).toEqual({ date: '2026-11-02', day: 2, profit: '12.30' })
    expect(weeks[5][0]).toEqual({ date: '2026-11-30', day: 30, profit: '-4.05' })
    expect(weeks[5].slice(1).every((c) => c.date === null)).toBe(true)
  })

  it('needs no blanks when the 1st is a Monday: February 2027 fills exactly 4 weeks', () => {
    expect(leadingBlanks('2027-02')).toBe(0)
    const weeks = monthGrid('2027-02', [])
    expect(weeks).toHaveLength(4)
    expect(weeks[0][0].date).toBe('2027-02-01')
    expect(weeks[3][6].date).toBe('2027-02-28')
  })

  it('knows leap years: February 2028 has 29 days, starting on a Tuesday', () => {
    expect(leadingBlanks('2028-02')).toBe(1)
    const days = monthGrid('2028-02', [])
      .flat()
      .filter((c) => c.date !== null)
    expect(days).toHaveLength(29)
  })
})

describe('the year view', () => {
  it('lists twelve months, empty where nothing was earned', () => {
    const months = yearGrid('2026', [
      { month: '2026-01', profit: '100.00' },
      { month: '2026-11', profit: '-20.50' },
    ])
    expect(months).toHaveLength(12)
    expect(months[0]).toEqual({ month: '2026-01', profit: '100.00' })
    expect(months[1]).toEqual({ month: '2026-02', profit: null })
    expect(months[10]).toEqual({ month: '2026-11', profit: '-20.50' })
  })
})

describe('sums and cells', () => {
  it('adds figures exactly to the cent', () => {
    // 12.30 − 5.05 + 0.10 = 7.35; an empty day adds nothing
    expect(sumFigures(['12.30', '-5.05', null, '0.10'])).toBe('7.35')
    // 0.1 + 0.2 is 0.30 exactly, not 0.30000000000000004
    expect(sumFigures(['0.1', '0.2'])).toBe('0.30')
    expect(sumFigures([])).toBe('0.00')
  })

  it('moves months across years', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-11', -12)).toBe('2025-11')
  })

  it('writes a cell profit short: signed, 2 decimals cut, thousands separated, 万 from 10 000', () => {
    expect(cellProfit('12.3')).toBe('+12.30')
    expect(cellProfit('-3.456')).toBe('-3.45')
    expect(cellProfit('0')).toBe('0.00')
    expect(cellProfit('0.004')).toBe('0.00')
    expect(cellProfit('1234.5')).toBe('+1,234.50')
    expect(cellProfit('-9999.999')).toBe('-9,999.99')
    expect(cellProfit('12345.67')).toBe('+1.23万')
    expect(cellProfit('-20000')).toBe('-2.00万')
    expect(cellProfit('123456789')).toBe('+1.23亿')
    expect(cellProfit(null)).toBe('')
  })
})
