import { beforeEach, describe, expect, it } from 'vitest'
import {
  addManualRow,
  fromRecognition,
  problems,
  readDraft,
  rowProblem,
  transferTargets,
  writeDraft,
} from './draft'

const recognition = {
  source: 'image' as const,
  flagged: 1,
  rows: [
    {
      line: 2,
      given: '005827 易方达蓝筹精选混合',
      fundCode: '005827',
      fundName: '易方达蓝筹精选混合',
      shares: '1200.50',
      cost: '2400.00',
      status: 'ok' as const,
      message: '',
    },
    {
      line: 3,
      given: '888888 某某稳健债券A',
      fundCode: '888888',
      fundName: '某某稳健债券A',
      shares: '500.00',
      cost: null,
      status: 'unknown' as const,
      message: '未找到基金888888，请修改代码或删除该行',
    },
  ],
}

describe('the transfer draft', () => {
  beforeEach(() => sessionStorage.clear())

  it('takes the recognised rows, the missing cost as empty', () => {
    const draft = fromRecognition(recognition)
    expect(draft.rows.map((r) => [r.fundCode, r.shares, r.cost])).toEqual([
      ['005827', '1200.50', '2400.00'],
      ['888888', '500.00', ''],
    ])
    expect(problems(draft)).toBe(1)
    expect(rowProblem(draft.rows[1], draft.rows)).toBe('未找到基金888888，请修改代码或删除该行')
  })

  it('checks shares, cost and duplicates', () => {
    const draft = fromRecognition(recognition)
    const row = { ...draft.rows[0] }
    expect(rowProblem({ ...row, shares: '1.234' }, [row])).toBe('请填写正确的持有份额')
    expect(rowProblem({ ...row, cost: '0' }, [row])).toBe('请填写正确的持仓成本')
    expect(rowProblem(row, [row, { ...row, key: 'x' }])).toBe('同一基金出现多次，请合并为一行')
    expect(rowProblem(row, [row])).toBe('')
  })

  it('says what the recognition found wrong with a figure as read, until it is edited', () => {
    const row = {
      ...fromRecognition(recognition).rows[0],
      cost: '100.129',
      status: 'incomplete' as const,
      message: '持仓成本最多两位小数，请核对后修改',
    }
    expect(rowProblem(row, [row])).toBe('持仓成本最多两位小数，请核对后修改')
    expect(rowProblem({ ...row, status: 'edited' }, [row])).toBe('请填写正确的持仓成本')
    expect(rowProblem({ ...row, cost: '100.13' }, [row])).toBe('')
  })

  it('holds back a pension fund, whatever its figures', () => {
    const message =
      '博远养老2040(FOF)Y为个人养老金基金，随个人养老金资金账户变更转入，不能通过资产转入，请删除该行'
    const row = {
      ...fromRecognition(recognition).rows[0],
      fundCode: '009003',
      status: 'pension' as const,
      message,
    }
    expect(rowProblem(row, [row])).toBe(message)
    expect(problems({ source: 'image', rows: [row] })).toBe(1)
  })

  it('keeps the draft across screens, a hand-added fund appended', () => {
    writeDraft(fromRecognition(recognition))
    const next = addManualRow(readDraft(), {
      fundCode: '161725',
      fundName: '招商中证白酒指数',
      shares: '10',
      cost: '12',
    })
    writeDraft(next)
    expect(readDraft()?.rows.map((r) => r.fundCode)).toEqual(['005827', '888888', '161725'])
    expect(addManualRow(null, next.rows[2]).source).toBe('manual')
  })
})

describe('转入到', () => {
  it("offers the customer's own accounts, not the pension or service accounts", () => {
    const accounts = ['default', 'normal', 'pension', 'service', 'robo_service'].map(
      (financialAccountType, n) => ({ financialAccountId: n + 1, financialAccountType }),
    )
    expect(transferTargets(accounts).map((a) => a.financialAccountType)).toEqual([
      'default',
      'normal',
    ])
  })
})
