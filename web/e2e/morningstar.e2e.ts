/** The Morningstar questionnaire and diagnosis (docs/morningstar.md) and the advisory
 * membership (docs/membership.md) for the demo user 李明: the figures the diagnosis shows are
 * recomputed here from the holdings API. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPhone, shot, type Phone } from './browser'
import { apiGet, signIn, sqlite, type IssuedSession } from './session'

const base = inject('baseURL')

/** Asset classes by fund type (docs/morningstar.md#diagnosis: products' ASSET_CLASSES). */
const ASSET_CLASS: Record<number, string> = {
  0: '其他',
  1: '股票类',
  2: '债券类',
  3: '混合类',
  4: '货币类',
  5: '债券类',
  6: '股票类',
  7: '海外类',
  8: '商品类',
  9: '债券类',
  10: '海外类',
}

/** Cents of a decimal string, exactly. */
const cents = (s: string) => {
  const [i, f = ''] = s.split('.')
  return BigInt(i) * 100n + BigInt((f + '00').slice(0, 2)) * (s.startsWith('-') ? -1n : 1n)
}
/** A share in basis points, cut (not rounded) to 4 places as the server cuts it (the display
 * rule of docs/product.md#validation, docs/morningstar.md#diagnosis). */
const basisPoints = (part: bigint, total: bigint) => Number((part * 10000n) / total)
const shown = (bp: number) => `${(bp / 100).toFixed(2)}%`

describe('晨星问卷与组合诊断', () => {
  let phone: Phone
  let session: IssuedSession
  beforeAll(async () => {
    phone = await openPhone()
    session = await signIn(phone.page, { phone: '13800138000' })
  })
  afterAll(async () => {
    await phone?.close()
  })

  it('answers the questionnaire', async () => {
    const { page } = phone
    await page.goto(`${base}/morningstar/questionnaire`)
    await page.getByText('晨星投资问卷').waitFor()
    await shot(page, 'ms-questionnaire')
    await page.getByRole('button', { name: /开始填写|重新填写/ }).click()
    await page.locator('[data-question="1"]').waitFor()
    const picks: [number, string][] = [
      [1, '长期增值'],
      [2, '3-5年'],
      [3, '10%-20%'],
      [4, '8%左右'],
      [5, '很小'],
      [6, '风险'],
    ]
    // submitting with a question open is refused with the question named
    await page.locator('[data-question="1"]').getByText(picks[0][1], { exact: true }).click()
    await page.getByRole('button', { name: '提交问卷' }).click()
    await page.getByText('请回答第2题').waitFor()
    for (const [no, text] of picks.slice(1)) {
      await page.locator(`[data-question="${no}"]`).getByText(text, { exact: true }).click()
    }
    await shot(page, 'ms-question')
    await page.getByRole('button', { name: '提交问卷' }).click()
    await page.getByText('您的投资风格').waitFor()
    // 4 + 4 + 4 + 4 + 4 = 20 → 成长型, equity 50%-80%
    await page.getByText('20分').waitFor()
    expect(await page.locator('.ms-hero__score').innerText()).toBe('成长型')
    await page.getByText('50.00%-80.00%').waitFor()
    await shot(page, 'ms-questionnaire-result')
  })

  it('diagnoses the holdings with figures recomputed from the holdings API', async () => {
    const { page } = phone
    const token = session.accessToken
    // the holdings: every financial account's rows, summed by fund
    const accounts = await apiGet(token, '/account/getFinancialAccountList', {
      brokerUserId: String(session.brokerUserId),
      accountId: String(session.accountId),
      needAsset: 'false',
    })
    const all = [...accounts.financialAccountList, ...(accounts.hiddenAccountList ?? [])]
    const ids = [...new Set(all.map((a: { financialAccountId: number }) => a.financialAccountId))]
    const byFund = new Map<string, bigint>()
    for (const id of ids) {
      const rows = await apiGet(token, '/trade/getShares', { financialAccountId: String(id) })
      for (const r of rows) {
        if (r.status !== 'holding' || cents(r.marketValue) <= 0n) continue
        byFund.set(r.fundCode, (byFund.get(r.fundCode) ?? 0n) + cents(r.marketValue))
      }
    }
    expect(byFund.size).toBeGreaterThan(1)
    const total = [...byFund.values()].reduce((a, b) => a + b, 0n)
    const byClass = new Map<string, bigint>()
    for (const [code, value] of byFund) {
      const info = await apiGet(token, '/product/fund/info', { fundCode: code })
      const name = ASSET_CLASS[info.fundType] ?? '其他'
      byClass.set(name, (byClass.get(name) ?? 0n) + value)
    }
    const largest = [...byFund.values()].reduce((a, b) => (b > a ? b : a), 0n)

    await page.goto(`${base}/diagnose`)
    await page.getByText('晨星组合诊断').waitFor()
    await shot(page, 'ms-diagnose')
    await page.getByRole('button', { name: '开始诊断' }).click()
    await page.getByText('组合诊断得分').waitFor()
    const totalText = await page.locator('[data-testid="total"]').innerText()
    expect(totalText.replace(/,/g, '')).toBe(
      `${total / 100n}.${String(total % 100n).padStart(2, '0')}`,
    )

    // concentration: the largest fund's share, and every top holding's
    const conc = page.locator('section', { hasText: '最大单只基金占比' })
    await expect(
      conc
        .getByText(shown(basisPoints(largest, total)), { exact: true })
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    const topShares = await conc
      .locator('table')
      .first()
      .locator('td[data-share]')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-share')))
    const expectedTop = [...byFund.values()]
      .sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))
      .slice(0, 5)
    expect(topShares.map((s) => Math.round(Number(s) * 10000))).toEqual(
      expectedTop.map((v) => basisPoints(v, total)),
    )

    // asset classes
    const legend = page.locator('[data-testid="asset-classes"] > div')
    const classes = await legend.evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-class'), r.getAttribute('data-share'), r.textContent]),
    )
    expect(new Map(classes.map(([c, s]) => [c, Math.round(Number(s) * 10000)]))).toEqual(
      new Map([...byClass].map(([c, v]) => [c, basisPoints(v, total)])),
    )
    for (const [c, , text] of classes) {
      expect(text).toContain(shown(basisPoints(byClass.get(c!)!, total)))
    }
    await shot(page, 'ms-diagnose-result')
    await page.getByText('业绩表现').scrollIntoViewIfNeeded()
    await shot(page, 'ms-diagnose-result-performance')

    await page.getByRole('button', { name: '查看投资建议书' }).click()
    await page.getByText('建议配置', { exact: true }).waitFor()
    await shot(page, 'ms-proposal-detail')
    const risk = await apiGet(token, '/morningStar/queryInvestmentRiskInfo')
    if (risk.needConfirm) {
      await page.getByText('我已阅读风险提示').click()
    }
    await page.getByRole('button', { name: '确认建议书' }).click()
    await page.getByText('已确认', { exact: true }).waitFor()
    await shot(page, 'ms-proposal-confirmed')
  })

  it('buys the advisory membership through WeChat Pay and shows its status', async () => {
    const { page } = phone
    await page.goto(`${base}/member/index`)
    await page.getByText('您还不是投顾会员').waitFor()
    await shot(page, 'member-index')
    await page.getByRole('button', { name: /立即开通/ }).click()
    await page.getByText('开通投顾会员需验证本人身份').waitFor()
    const [[name, idNo]] = sqlite('select name, id_no from account where broker_user_id = ?', [
      session.brokerUserId,
    ]) as [string, string][]
    // a name other than the account's is refused
    await page.getByPlaceholder('请输入姓名').fill('张三')
    await page.getByPlaceholder('请输入身份证号').fill(String(idNo))
    await page.getByRole('button', { name: '验证身份' }).click()
    await page.getByText('姓名或身份证号与开户信息不一致').waitFor()
    await page.getByPlaceholder('请输入姓名').fill(String(name))
    await shot(page, 'member-bind-id-card')
    await page.getByRole('button', { name: '验证身份' }).click()
    await page.getByText('您还不是投顾会员').waitFor()
    await page.getByText('已验证').waitFor()
    // WeChat authorization: the local authorize page returns with a code, kept as the openid
    await page.getByRole('button', { name: /立即开通/ }).click()
    await page.getByText('已授权').waitFor()
    await page.getByRole('button', { name: /立即开通/ }).click()
    await page.getByRole('dialog', { name: '微信支付' }).waitFor()
    await page.getByText('¥199.00').waitFor()
    // the sheet slides up: photograph it once it rests on the bottom edge
    await page.waitForFunction(() => {
      const body = document.querySelector('.adm-popup-body')
      return body !== null && Math.abs(body.getBoundingClientRect().bottom - innerHeight) < 1
    })
    await page.waitForTimeout(200)
    await shot(page, 'member-pay-sheet')
    await page.getByRole('button', { name: '确认支付' }).click()
    await page.getByText('开通成功').waitFor()
    await shot(page, 'member-result')
    await page.getByRole('button', { name: '返回会员中心' }).click()
    await page.getByText(/会员有效期至\d{4}-\d{2}-\d{2}，剩余365天/).waitFor()
    await shot(page, 'member-index-member')
    await page.getByText('权益说明').click()
    await page.getByText('会员专属投顾组合（免收投顾服务费）').waitFor()
    await page.getByText('会员专享·稳健投顾').waitFor()
    await shot(page, 'member-rich-view')
  })
})
