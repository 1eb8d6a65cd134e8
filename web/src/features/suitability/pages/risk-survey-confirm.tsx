import { useEffect, useRef } from 'react'
import { Button, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { ResultView } from '@/components/result-view'
import { QueryView } from '@/components/query-view'
import { useBrokerSurvey } from '../api/get-broker-survey'
import { useAnswerRiskSurvey } from '../api/submit-survey'
import { dropDraft, keptDraft, toAnswers } from '../answers'
import { gradeScope } from '../grades'
import '../suitability.css'

/** 测评结果确认: the grade the answers give, confirmed before it is saved. */
export default function RiskSurveyConfirmPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const from = params.get('from')
  const kept = keptDraft()
  const survey = useBrokerSurvey()
  const preview = useAnswerRiskSurvey()
  const save = useAnswerRiskSurvey()
  const started = useRef(false)

  useEffect(() => {
    if (started.current || !kept || !survey.data) return
    started.current = true
    preview.mutate(
      {
        surveyId: kept.surveyId,
        answers: toAnswers(survey.data.questions, kept.draft),
        confirm: false,
      },
      { onError: (err) => Toast.show({ content: err.message }) },
    )
  }, [kept, survey.data, preview])

  if (!kept) {
    return (
      <ResultView
        status="info"
        title="没有待确认的测评"
        actions={[
          { text: '去测评', onClick: () => navigate('/riskSurvey?reTest=1', { replace: true }) },
        ]}
      />
    )
  }
  return (
    <QueryView query={survey}>
      {(s) => {
        const result = preview.data
        if (!result) return <div className="page-loading">正在计算测评结果...</div>
        return (
          <div className="form-page">
            <div className="grade-hero">
              <div className="grade-hero__label">您的风险承受能力</div>
              <div className="grade-hero__grade">
                C{result.riskGrade5} {result.riskGradeName}
              </div>
              <div className="grade-hero__desc">{result.description}</div>
            </div>
            <p className="form-page__intro">
              测评得分 {result.score} 分，{gradeScope(result.riskGrade5 ?? 1)}。
              {result.forcedLowest && '因您选择了不能承受任何损失，按规定评定为保守型。'}
              确认后结果有效期两年。
            </p>
            <div className="form-page__footer">
              <Button
                block
                color="primary"
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    {
                      surveyId: kept.surveyId,
                      answers: toAnswers(s.questions, kept.draft),
                      confirm: true,
                    },
                    {
                      onSuccess: () => {
                        dropDraft()
                        navigate(
                          `/surveyResult${from ? `?from=${encodeURIComponent(from)}` : ''}`,
                          { replace: true },
                        )
                      },
                      onError: (err) => Toast.show({ content: err.message }),
                    },
                  )
                }
              >
                确认提交
              </Button>
              <Button
                block
                fill="none"
                onClick={() => navigate('/riskSurvey?reTest=1', { replace: true })}
              >
                重新作答
              </Button>
            </div>
          </div>
        )
      }}
    </QueryView>
  )
}
