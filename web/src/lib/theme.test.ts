import { describe, expect, it } from 'vitest'
import { applyThemeColor, THEME_COLORS, themeColorOf } from './theme'

describe('theme colours (docs/product.md#entities)', () => {
  it('knows T1 to T13 and takes a custom colour', () => {
    expect(Object.keys(THEME_COLORS)).toHaveLength(13)
    expect(themeColorOf('T3')).toBe('#1e6fff')
    expect(themeColorOf('#123ABC')).toBe('#123ABC')
    expect(themeColorOf('T99')).toBeNull()
    expect(themeColorOf('red; background: url(x)')).toBeNull()
    const root = document.createElement('div')
    applyThemeColor('T7', root)
    expect(root.style.getPropertyValue('--adm-color-primary')).toBe('#b8860b')
  })
})
