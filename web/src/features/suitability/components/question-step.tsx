import { TextArea } from 'antd-mobile'
import type { Question } from '../api/get-broker-survey'
import { choose, type Draft } from '../answers'

interface Props {
  question: Question
  draft: Draft
  onChange: (draft: Draft) => void
}

/** One question: its options as large choices (several for a multiple-choice question), or a
 * text box for an open one. */
export function QuestionStep({ question, draft, onChange }: Props) {
  if (question.type === 'text') {
    const value = draft[question.questionId]
    return (
      <TextArea
        value={typeof value === 'string' ? value : ''}
        onChange={(v) => onChange({ ...draft, [question.questionId]: v })}
        placeholder="请输入"
        maxLength={500}
        showCount
        rows={4}
      />
    )
  }
  const chosen = draft[question.questionId]
  return (
    <div role={question.type === 'multi' ? 'group' : 'radiogroup'}>
      {question.options.map((o) => {
        const on = Array.isArray(chosen) && chosen.includes(o.optionId)
        return (
          <button
            key={o.optionId}
            type="button"
            role={question.type === 'multi' ? 'checkbox' : 'radio'}
            aria-checked={on}
            className={on ? 'survey__option survey__option--on' : 'survey__option'}
            onClick={() => onChange(choose(question, draft, o.optionId))}
          >
            {o.label}. {o.text}
          </button>
        )
      })}
    </div>
  )
}
