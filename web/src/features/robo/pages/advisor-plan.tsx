/**
 * 投顾方案 (advisor/advisorPlan): the robo adviser's entry — what it does, the investor's goal
 * survey where it stands (none yet: 开始规划; a draft: 继续填写; submitted: 查看方案), and the
 * robo accounts already opened, each opening its own page.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useRoboAccounts, useSurvey } from '../api/queries'
import type { Survey } from '../api/types'
import { RoboAccountRows } from '../components/account-rows'
import { advisorPath } from '../lib/paths'
import { labelOf, GOALS } from '../lib/texts'
import '../robo.css'

function SurveyCard({ survey }: { survey: Survey | null }) {
  const navigate = useNavigate()
  if (!survey)
    return (
      <Section title="我的规划">
        <p className="fa-muted">回答5个问题，为您量身生成投资方案</p>
        <Button
          block
          color="primary"
          data-testid="robo-start"
          onClick={() => navigate(advisorPath('surveyEdit'))}
        >
          开始规划
        </Button>
      </Section>
    )
  const submitted = survey.status === 'SUBMITTED'
  return (
    <Section title="我的规划" extra={submitted ? '已提交' : '待完成'}>
      <div className="fa-row">
        <div className="fa-row__main">
          {survey.surveyName}
          <div className="fa-row__sub">
            {labelOf(GOALS, survey.answers.goal)}
            {survey.answers.horizonMonths ? ` · ${survey.answers.horizonMonths}个月` : ''}
            {` · 第${survey.version}版`}
          </div>
        </div>
      </div>
      <Button
        block
        color="primary"
        data-testid="robo-continue"
        onClick={() =>
          navigate(
            submitted
              ? advisorPath('surveyResult', { surveyId: survey.surveyId })
              : advisorPath('surveyEdit', { surveyId: survey.surveyId }),
          )
        }
      >
        {submitted ? '查看方案' : '继续填写'}
      </Button>
    </Section>
  )
}

export default function AdvisorPlanPage() {
  const navigate = useNavigate()
  const survey = useSurvey(null)
  const accounts = useRoboAccounts()
  return (
    <div className="fa-page fa-page--plain" data-testid="robo-advisor-plan">
      <div className="robo-intro">
        <h2>智能投顾·目标规划</h2>
        <p>
          根据您的目标、期限与风险承受能力，由优化算法在基金池中配置资产，并用历史数据回测每个方案。
        </p>
      </div>
      <QueryView query={survey} rows={3}>
        {(s) => <SurveyCard survey={s} />}
      </QueryView>
      <Section title="我的智能投顾账户">
        <QueryView
          query={accounts}
          rows={2}
          isEmpty={(l) => l.length === 0}
          empty={<p className="fa-muted">暂无智能投顾账户</p>}
        >
          {(list) => <RoboAccountRows accounts={list} />}
        </QueryView>
      </Section>
      <div className="fa-actions">
        <button type="button" onClick={() => navigate(advisorPath('advisorRules'))}>
          投顾规则
        </button>
        <button type="button" onClick={() => navigate(advisorPath('chargeIntro'))}>
          收费说明
        </button>
        <button type="button" onClick={() => navigate(advisorPath('articleList'))}>
          投顾观点
        </button>
      </div>
    </div>
  )
}
