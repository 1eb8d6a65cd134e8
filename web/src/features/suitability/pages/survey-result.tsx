import { Button, List } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { useLatestSurveyInfo } from '../api/get-latest-survey-info'
import { gradeScope } from '../grades'
import '../suitability.css'

/** 测评结果: the grade on file, its dates, what it may buy; expired or missing leads to the
 * questionnaire. */
export default function SurveyResultPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const from = params.get('from')
  const query = useLatestSurveyInfo()
  return (
    <QueryView query={query}>
      {(info) =>
        !info.hasDoneSurvey ? (
          <ResultView
            status="info"
            title="您尚未完成风险测评"
            description="购买基金前需完成风险测评，了解您的风险承受能力"
            actions={[{ text: '开始测评', onClick: () => navigate('/riskSurvey?reTest=1') }]}
          />
        ) : (
          <div className="form-page">
            <div className="grade-hero">
              <div className="grade-hero__label">您的风险承受能力</div>
              <div className="grade-hero__grade">
                C{info.riskGrade5} {info.riskGradeName}
              </div>
              <div className="grade-hero__desc">{gradeScope(info.riskGrade5 ?? 1)}</div>
            </div>
            <List>
              <List.Item extra={info.latestSurveyDate}>测评日期</List.Item>
              <List.Item extra={info.isExpired ? '已过期' : info.expireDate}>有效期至</List.Item>
            </List>
            <div className="form-page__footer">
              {from && (
                <Button block color="primary" onClick={() => navigate(from, { replace: true })}>
                  继续
                </Button>
              )}
              <Button
                block
                color={from ? 'default' : 'primary'}
                fill={from ? 'outline' : 'solid'}
                style={{ marginTop: 12 }}
                onClick={() => navigate('/riskSurvey?reTest=1')}
              >
                重新测评
              </Button>
            </div>
          </div>
        )
      }
    </QueryView>
  )
}
