/**
 * The broker's theme colour (docs/product.md#entities "Theme colours: T1 to T13 plus a custom
 * colour"): set as the primary colour of every antd-mobile component.
 */
export const THEME_COLORS: Record<string, string> = {
  T1: '#d6262d',
  T2: '#f5553d',
  T3: '#1e6fff',
  T4: '#0f8cff',
  T5: '#14a0a0',
  T6: '#12824a',
  T7: '#b8860b',
  T8: '#d4a017',
  T9: '#ff7a00',
  T10: '#8e44ad',
  T11: '#c2185b',
  T12: '#37474f',
  T13: '#a0522d',
}

export function themeColorOf(color: string | null | undefined): string | null {
  if (!color) return null
  if (THEME_COLORS[color]) return THEME_COLORS[color]
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) ? color : null
}

export function applyThemeColor(color: string | null | undefined, root = document.documentElement) {
  const value = themeColorOf(color)
  if (value) root.style.setProperty('--adm-color-primary', value)
}

/** The theme colour in force (the broker's, else the app's red), for what CSS cannot colour:
 * the charts drawn on a canvas. */
export const DEFAULT_THEME_COLOR = THEME_COLORS.T1

export function themeColor(root: HTMLElement = document.documentElement): string {
  const value = getComputedStyle(root).getPropertyValue('--adm-color-primary').trim()
  return value || DEFAULT_THEME_COLOR
}
