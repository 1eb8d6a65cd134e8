import { describe, expect, it } from 'vitest'
import { choose, isAnswered, toAnswers } from './answers'
import type { Question } from './api/get-broker-survey'

const single: Question = {
  questionId: 1,
  no: 1,
  text: '年龄',
  type: 'single',
  required: true,
  options: [
    { optionId: 11, label: 'A', text: '18-30岁' },
    { optionId: 12, label: 'B', text: '31-50岁' },
  ],
}
const multi: Question = { ...single, questionId: 2, type: 'multi' }
const open: Question = { ...single, questionId: 3, type: 'text', required: false, options: [] }

describe('survey answers', () => {
  it('keeps one option on a single-choice question and toggles on a multiple one', () => {
    let d = choose(single, {}, 11)
    d = choose(single, d, 12)
    expect(d[1]).toEqual([12])
    d = choose(multi, d, 11)
    d = choose(multi, d, 12)
    d = choose(multi, d, 11)
    expect(d[2]).toEqual([12])
  })

  it('knows which questions are answered and builds the payload', () => {
    const d = { 1: [12], 3: '多一些定投提醒' }
    expect(isAnswered(single, d)).toBe(true)
    expect(isAnswered(multi, d)).toBe(false)
    expect(isAnswered(open, {})).toBe(true)
    expect(toAnswers([single, multi, open], d)).toEqual([
      { questionId: 1, optionIds: [12] },
      { questionId: 3, optionIds: [], text: '多一些定投提醒' },
    ])
  })
})
