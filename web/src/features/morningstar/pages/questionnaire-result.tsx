import { Button, List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatPercent } from '@/lib/format'
import { useSurvey } from '../api'
import '../morningstar.css'

/** 问卷结果 (questionnaireResult): the profile the last answers gave. */
export default function QuestionnaireResultPage() {
  const navigate = useNavigate()
  const survey = useSurvey()
  return (
    <QueryView
      query={survey}
      rows={5}
      isEmpty={(d) => !d.result}
      emptyTitle="您还没有填写问卷"
      emptyDescription="填写晨星投资问卷后可查看结果"
    >
      {(detail) => {
        const r = detail.result!
        return (
          <div className="ms-page">
            <div className="ms-hero">
              <p>您的投资风格</p>
              <h2 className="ms-hero__score">{r.profileName}</h2>
              <p>{r.description}</p>
            </div>
            <List header="问卷结果">
              <List.Item extra={`${r.score}分`}>问卷得分</List.Item>
              <List.Item extra={`${formatPercent(r.equityLow)}-${formatPercent(r.equityHigh)}`}>
                建议权益类资产占比
              </List.Item>
              <List.Item extra={`${r.horizonYears}年`}>投资期限</List.Item>
            </List>
            <div className="ms-footer">
              <Button color="primary" fill="outline" onClick={() => navigate('/question')}>
                重新填写
              </Button>
              <Button color="primary" onClick={() => navigate('/diagnose')}>
                诊断我的持仓
              </Button>
            </div>
          </div>
        )
      }}
    </QueryView>
  )
}
