import { useState } from 'react'
import { Button, Checkbox, Radio, Space, Toast } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSubmitSurvey, useSurvey, type Question } from '../api'
import '../morningstar.css'

function QuestionCard({
  question,
  chosen,
  onChange,
}: {
  question: Question
  chosen: number[]
  onChange: (chosen: number[]) => void
}) {
  return (
    <div className="ms-question" data-question={question.no}>
      <div className="ms-question__title">
        {question.no}. {question.text}
      </div>
      {question.multi ? (
        <Checkbox.Group value={chosen} onChange={(v) => onChange(v as number[])}>
          <Space direction="vertical">
            {question.options.map((o) => (
              <Checkbox key={o.no} value={o.no}>
                {o.text}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      ) : (
        <Radio.Group value={chosen[0] ?? null} onChange={(v) => onChange([v as number])}>
          <Space direction="vertical">
            {question.options.map((o) => (
              <Radio key={o.no} value={o.no}>
                {o.text}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </div>
  )
}

function QuestionForm({ questions }: { questions: Question[] }) {
  const navigate = useNavigate()
  const submit = useSubmitSurvey()
  const [answers, setAnswers] = useState<Record<number, number[]>>(() =>
    Object.fromEntries(questions.map((q) => [q.no, q.chosen ?? []])),
  )
  const missing = questions.find((q) => !answers[q.no]?.length)
  const onSubmit = () => {
    if (missing) {
      Toast.show({ content: `请回答第${missing.no}题` })
      return
    }
    submit.mutate(
      questions.map((q) => ({ no: q.no, chosen: answers[q.no] })),
      {
        onSuccess: () => navigate('/questionnaireResult', { replace: true }),
        onError: (e) => Toast.show({ content: e.message }),
      },
    )
  }
  return (
    <div className="ms-page">
      {questions.map((q) => (
        <QuestionCard
          key={q.no}
          question={q}
          chosen={answers[q.no] ?? []}
          onChange={(chosen) => setAnswers((a) => ({ ...a, [q.no]: chosen }))}
        />
      ))}
      <div className="ms-footer">
        <Button color="primary" loading={submit.isPending} onClick={onSubmit}>
          提交问卷
        </Button>
      </div>
    </div>
  )
}

/** 问卷 (question): every question of the Morningstar questionnaire on one page. */
export default function QuestionPage() {
  const survey = useSurvey()
  return (
    <QueryView query={survey} rows={8}>
      {(detail) => <QuestionForm questions={detail.questions} />}
    </QueryView>
  )
}
