import type { Answer } from './api/submit-survey'
import type { Question } from './api/get-broker-survey'

/** Answers in progress, by question id: chosen option ids, or the text of an open question. */
export type Draft = Record<number, number[] | string>

export function toAnswers(questions: Question[], draft: Draft): Answer[] {
  return questions
    .filter((q) => draft[q.questionId] !== undefined)
    .map((q) => {
      const value = draft[q.questionId]
      return typeof value === 'string'
        ? { questionId: q.questionId, optionIds: [], text: value }
        : { questionId: q.questionId, optionIds: value }
    })
}

export function isAnswered(q: Question, draft: Draft): boolean {
  const value = draft[q.questionId]
  if (typeof value === 'string') return !q.required || value.trim() !== ''
  return !q.required || (value?.length ?? 0) > 0
}

/** Choosing an option: a single-choice question keeps one, a multiple-choice one toggles. */
export function choose(q: Question, draft: Draft, optionId: number): Draft {
  const current = draft[q.questionId]
  const chosen = Array.isArray(current) ? current : []
  if (q.type === 'multi') {
    const next = chosen.includes(optionId)
      ? chosen.filter((o) => o !== optionId)
      : [...chosen, optionId]
    return { ...draft, [q.questionId]: next }
  }
  return { ...draft, [q.questionId]: [optionId] }
}

/** Answers kept between the questionnaire and its confirmation page. */
const KEY = 'opentamp.riskSurvey.draft'

export function keepDraft(surveyId: number, draft: Draft): void {
  sessionStorage.setItem(KEY, JSON.stringify({ surveyId, draft }))
}

export function keptDraft(): { surveyId: number; draft: Draft } | null {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      surveyId: number
      draft: Draft
    } | null
  } catch {
    return null
  }
}

export function dropDraft(): void {
  sessionStorage.removeItem(KEY)
}
