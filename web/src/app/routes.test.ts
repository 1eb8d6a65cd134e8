import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FALLBACK_PATH, ROUTES, findRoute, routeTitle } from './routes'

// The spec's route list sits beside the repository (../shared/spec) on the team's machines.
const here = resolve(process.cwd(), 'src/app')
const specFile = resolve(here, '../../../../shared/spec/routes.txt')
const specRoutes = existsSync(specFile)
  ? readFileSync(specFile, 'utf-8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
  : []

describe('route table (docs/product.md#screens-and-routes)', () => {
  it('declares each route once', () => {
    const declared = ROUTES.map((r) => r.path)
    expect(new Set(declared).size).toBe(declared.length)
    expect(declared.length).toBeGreaterThanOrEqual(282)
  })

  it('gives every route a screen of its own (no placeholder page)', () => {
    const without = ROUTES.filter((r) => typeof r.screen !== 'function').map((r) => r.path)
    expect(without).toEqual([])
  })

  it.skipIf(specRoutes.length === 0)('declares every route the spec names', () => {
    const declared = ROUTES.map((r) => r.path)
    expect(new Set(declared).size).toBe(declared.length)
    expect(declared.filter((p) => !specRoutes.includes(p))).toEqual([])
    expect(specRoutes.filter((p) => !declared.includes(p))).toEqual([])
  })

  it('gives the spec its public routes', () => {
    const publicRoutes = [
      'landing',
      'disableNotice',
      'app',
      'app/privacy',
      'about-us',
      'app-download',
      'login',
      'login-sms',
      'app-login',
      'privacyHistory',
      'articleDetail',
      'noauth/fundAlternatePoolV2',
      'static/complianceFile',
      'algorithm-description',
    ]
    for (const path of publicRoutes) expect(findRoute(path)?.access, path).toBe('public')
  })

  it('lets riskSurvey in with a token alone, and asset screens only with an account', () => {
    expect(findRoute('riskSurvey')?.access).toBe('token')
    expect(findRoute('assetsDetail')?.access).toBe('account')
    // the document on file is the opened account's (the server answers 62020 without one)
    expect(findRoute('certificates')?.access).toBe('account')
    expect(findRoute('certificatesPhoto')?.access).toBe('account')
    expect(findRoute('/allot/')?.access).toBe('account')
  })

  it('has the two bottom tabs and falls back to mine', () => {
    expect(ROUTES.filter((r) => r.tab).map((r) => r.path)).toEqual(['home', 'mine'])
    expect(FALLBACK_PATH).toBe('mine')
  })

  it('titles every page in Chinese', () => {
    for (const r of ROUTES) expect(r.title, r.path).toMatch(/[\u4e00-\u9fa5]/)
  })
})

describe('route titles', () => {
  it('names the wallet 取现 on the redeem screen, as 交易记录 does, and a fund 卖出', () => {
    const redeem = findRoute('redeem')!
    expect(routeTitle(redeem, new URLSearchParams('productCode=000509&productType=wallet'))).toBe(
      '取现',
    )
    expect(routeTitle(redeem, new URLSearchParams('productCode=004101&productType=fund'))).toBe(
      '卖出',
    )
    expect(routeTitle(findRoute('allot')!, new URLSearchParams('productType=WALLET'))).toBe('充值')
    expect(routeTitle(findRoute('allot')!, new URLSearchParams('productType=fund'))).toBe('买入')
    expect(routeTitle(findRoute('allot-wallet')!, new URLSearchParams())).toBe('充值')
  })
})
