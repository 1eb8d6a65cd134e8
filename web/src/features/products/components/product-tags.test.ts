import { describe, expect, it } from 'vitest'
import { RISK_COLORS } from './product-tags'

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('risk tags', () => {
  it('read at 4.5:1 or more on white, each level (WCAG AA, 11 px text)', () => {
    for (const [level, color] of Object.entries(RISK_COLORS)) {
      expect(contrast(color, '#ffffff'), `R${level} ${color}`).toBeGreaterThanOrEqual(4.5)
    }
  })
})
