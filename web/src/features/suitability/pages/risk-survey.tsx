import { useState } from 'react'
import { Button, ProgressBar, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useBrokerSurvey, type Survey } from '../api/get-broker-survey'
import { useLatestSurveyInfo } from '../api/get-latest-survey-info'
import { isAnswered, keepDraft, type Draft } from '../answers'
import { QuestionStep } from '../components/question-step'
import '../suitability.css'

function Questionnaire({ survey, from }: { survey: Survey; from: string | null }) {
  const navigate = useNavigate()
  const [index, setIndex] = useState(0)
  const [draft, setDraft] = useState<Draft>({})
  const question = survey.questions[index]
  const last = index === survey.questions.length - 1

  const change = (next: Draft) => {
    setDraft(next)
    if (question.type === 'single' && !last) setTimeout(() => setIndex((i) => i + 1), 200)
  }
  const finish = () => {
    const missing = survey.questions.find((q) => !isAnswered(q, draft))
    if (missing) {
      setIndex(survey.questions.indexOf(missing))
      Toast.show({ content: `请回答第${missing.no}题` })
      return
    }
    keepDraft(survey.surveyId, draft)
    navigate(`/riskSurveyConfirm${from ? `?from=${encodeURIComponent(from)}` : ''}`)
  }

  return (
    <div className="survey">
      <div className="survey__progress">
        <span>{survey.title}</span>
        <span>
          {index + 1}/{survey.questions.length}
        </span>
      </div>
      <ProgressBar percent={((index + 1) / survey.questions.length) * 100} />
      <div className="survey__question">
        {question.no}. {question.text}
      </div>
      <QuestionStep question={question} draft={draft} onChange={change} />
      <div className="survey__nav">
        {index > 0 && <Button onClick={() => setIndex(index - 1)}>上一题</Button>}
        {last ? (
          <Button color="primary" onClick={finish}>
            提交
          </Button>
        ) : (
          <Button
            color="primary"
            disabled={!isAnswered(question, draft)}
            onClick={() => setIndex(index + 1)}
          >
            下一题
          </Button>
        )}
      </div>
    </div>
  )
}

/** 风险测评 (reTest=1 to take it again): the broker's questionnaire, a question at a time. */
export default function RiskSurveyPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const reTest = params.get('reTest') === '1'
  const from = params.get('from')
  const survey = useBrokerSurvey()
  const latest = useLatestSurveyInfo()
  const [started, setStarted] = useState(reTest)
  return (
    <QueryView query={survey}>
      {(s) =>
        started ? (
          <Questionnaire survey={s} from={from} />
        ) : (
          <div className="survey">
            <div className="survey__question">{s.title}</div>
            <p className="form-page__intro" style={{ padding: 0 }}>
              {s.description}
            </p>
            {latest.data?.hasDoneSurvey && (
              <p className="form-page__intro" style={{ padding: '12px 0 0' }}>
                您当前的风险承受能力为{latest.data.riskGradeName}，
                {latest.data.isExpired
                  ? '测评已过期，请重新测评。'
                  : `有效期至${latest.data.expireDate}。`}
              </p>
            )}
            <div className="survey__nav">
              {latest.data?.hasDoneSurvey && !latest.data.isExpired && (
                <Button onClick={() => navigate('/surveyResult')}>查看结果</Button>
              )}
              <Button color="primary" onClick={() => setStarted(true)}>
                {latest.data?.hasDoneSurvey ? '重新测评' : '开始测评'}
              </Button>
            </div>
          </div>
        )
      }
    </QueryView>
  )
}
