import { List, Tag } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { useSurveys } from '../api/get-surveys'
import '../suitability.css'

/** 用户问卷 / 问卷: the questionnaires open to the user, answered or not. */
export default function UserSurveyPage() {
  const navigate = useNavigate()
  const query = useSurveys()
  return (
    <QueryView query={query} isEmpty={(l) => l.length === 0}>
      {(list) => (
        <List>
          {list.map((s) => (
            <List.Item
              key={s.surveyId}
              description={`${s.questionCount}题 · ${s.description}`}
              extra={
                s.answered ? <Tag color="success">已填写</Tag> : <Tag color="primary">去填写</Tag>
              }
              onClick={() =>
                navigate(
                  s.kind === 'risk'
                    ? '/riskSurvey'
                    : s.answered
                      ? `/surveyDetail?surveyId=${s.surveyId}`
                      : `/surveyEdit?surveyId=${s.surveyId}`,
                )
              }
            >
              {s.title}
            </List.Item>
          ))}
        </List>
      )}
    </QueryView>
  )
}
