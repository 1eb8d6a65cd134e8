import { Button } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSurvey } from '../api/get-survey'
import '../suitability.css'

/** 问卷邀请 (surveyId): the invitation to a questionnaire. */
export default function SurveyInvitePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const surveyId = Number(params.get('surveyId'))
  const query = useSurvey(surveyId)
  return (
    <QueryView query={query}>
      {(s) => (
        <div className="survey">
          <div className="survey__question">邀请您参与「{s.title}」</div>
          <p className="form-page__intro" style={{ padding: 0 }}>
            {s.description} 共{s.questions.length}题，约需1分钟。
          </p>
          <div className="survey__nav">
            <Button
              color="primary"
              onClick={() => navigate(`/surveyEdit?surveyId=${surveyId}`, { replace: true })}
            >
              {s.answeredAt ? '查看并修改' : '立即参与'}
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
