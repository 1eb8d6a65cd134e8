import { Button, List } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatPercent } from '@/lib/format'
import { useSurvey } from '../api'
import '../morningstar.css'

/** 投资问卷 (morningstar/questionnaire): what the questionnaire is for, the last result, and the
 * way to the questions and to the diagnosis. */
export default function QuestionnairePage() {
  const navigate = useNavigate()
  const survey = useSurvey()
  return (
    <QueryView query={survey} rows={6}>
      {(detail) => (
        <div className="ms-page">
          <div className="ms-hero">
            <h2>{detail.title}</h2>
            <p>
              共{detail.questions.length}
              题，了解您的投资目标、期限与风险偏好，据此判断您的持仓配置是否合适，并生成投资建议书。
            </p>
          </div>
          {detail.result ? (
            <List header="最近一次问卷结果">
              <List.Item extra={detail.result.profileName}>投资风格</List.Item>
              <List.Item
                extra={`${formatPercent(detail.result.equityLow)}-${formatPercent(detail.result.equityHigh)}`}
              >
                建议权益类资产占比
              </List.Item>
              <List.Item extra={`${detail.result.horizonYears}年`}>投资期限</List.Item>
              <List.Item extra={detail.result.submittedAt.slice(0, 10)}>填写日期</List.Item>
            </List>
          ) : (
            <List header="问卷说明">
              <List.Item description="投资目标、投资期限、可承受的下跌、期望收益、资金流动性">
                五道计分题
              </List.Item>
              <List.Item description="收益、风险、费用、分散">一道多选题：您最关注的方面</List.Item>
            </List>
          )}
          <div className="ms-footer">
            <Button color="primary" fill="outline" onClick={() => navigate('/diagnose')}>
              组合诊断
            </Button>
            <Button color="primary" onClick={() => navigate('/question')}>
              {detail.result ? '重新填写' : '开始填写'}
            </Button>
          </div>
        </div>
      )}
    </QueryView>
  )
}
