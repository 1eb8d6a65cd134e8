import { useState } from 'react'
import { Button, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSurvey } from '../api/get-survey'
import type { Survey } from '../api/get-broker-survey'
import { useSubmitSurvey } from '../api/submit-survey'
import { isAnswered, toAnswers, type Draft } from '../answers'
import { QuestionStep } from '../components/question-step'
import '../suitability.css'

function fromAnswers(survey: Survey): Draft {
  const out: Draft = {}
  for (const [id, value] of Object.entries(survey.myAnswers ?? {})) out[Number(id)] = value
  return out
}

function Editor({ survey }: { survey: Survey }) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<Draft>(() => fromAnswers(survey))
  const submit = useSubmitSurvey()
  return (
    <div className="survey">
      <div className="survey__question">{survey.title}</div>
      <p className="form-page__intro" style={{ padding: 0 }}>
        {survey.description}
      </p>
      {survey.questions.map((q) => (
        <div key={q.questionId}>
          <div className="survey__question" style={{ fontSize: 16 }}>
            {q.no}. {q.text}
            {!q.required && '（选填）'}
          </div>
          <QuestionStep question={q} draft={draft} onChange={setDraft} />
        </div>
      ))}
      <div className="survey__nav">
        <Button
          color="primary"
          loading={submit.isPending}
          onClick={() => {
            const missing = survey.questions.find((q) => !isAnswered(q, draft))
            if (missing) {
              Toast.show({ content: `请回答第${missing.no}题` })
              return
            }
            submit.mutate(
              {
                surveyId: survey.surveyId,
                answers: toAnswers(survey.questions, draft),
                confirm: true,
              },
              {
                onSuccess: () => {
                  Toast.show({ icon: 'success', content: '提交成功，感谢您的反馈' })
                  navigate(`/surveyDetail?surveyId=${survey.surveyId}`, { replace: true })
                },
                onError: (err) => Toast.show({ content: err.message }),
              },
            )
          }}
        >
          提交
        </Button>
      </div>
    </div>
  )
}

/** 编辑问卷 (surveyId): answer a questionnaire on one page. */
export default function SurveyEditPage() {
  const [params] = useSearchParams()
  const query = useSurvey(Number(params.get('surveyId')))
  return <QueryView query={query}>{(s) => <Editor survey={s} />}</QueryView>
}
