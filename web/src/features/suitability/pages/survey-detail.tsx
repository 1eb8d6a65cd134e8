import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSurvey } from '../api/get-survey'
import '../suitability.css'

/** 问卷详情 (surveyId): the user's answers. */
export default function SurveyDetailPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const surveyId = Number(params.get('surveyId'))
  const query = useSurvey(surveyId)
  return (
    <QueryView query={query}>
      {(s) => (
        <div className="form-page">
          <List header={`${s.title}${s.answeredAt ? ` · ${s.answeredAt.slice(0, 10)} 填写` : ''}`}>
            {s.questions.map((q) => {
              const a = s.myAnswers?.[String(q.questionId)]
              const text = Array.isArray(a)
                ? q.options
                    .filter((o) => a.includes(o.optionId))
                    .map((o) => o.text)
                    .join('、')
                : (a ?? '未作答')
              return (
                <List.Item key={q.questionId} description={text || '未作答'}>
                  {q.no}. {q.text}
                </List.Item>
              )
            })}
          </List>
          {s.kind !== 'risk' && (
            <div className="form-page__footer">
              <Button block onClick={() => navigate(`/surveyEdit?surveyId=${surveyId}`)}>
                修改答案
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryView>
  )
}
