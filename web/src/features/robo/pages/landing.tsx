/**
 * 投顾服务 (advisor/landing): what the robo adviser does, step by step — the goal survey, the
 * alternatives with their backtests, the choice (authorised when above the grade), the deposit —
 * and 开始规划 (advisor/advisorPlan).
 */
import { Button, Steps } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { Section } from '@/components/section'
import { advisorPath } from '../lib/paths'
import '../robo.css'

export default function LandingPage() {
  const navigate = useNavigate()
  return (
    <div className="fa-page" data-testid="robo-landing">
      <div className="robo-intro">
        <h2>智能投顾·目标规划</h2>
        <p>告诉我们您的目标，算法为您配置基金组合，历史回测让风险与收益一目了然。</p>
      </div>
      <Section title="如何开始">
        <Steps direction="vertical">
          <Steps.Step title="填写目标问卷" description="投资目标、期限、金额、流动性与可承受亏损" />
          <Steps.Step title="比较配置方案" description="2至4个方案，各附历史回测与持有期收益区间" />
          <Steps.Step title="选择并确认方案" description="超出风险等级的方案需您明确授权" />
          <Steps.Step title="投入资金" description="按方案权重买入各基金，投顾持续跟踪调仓" />
        </Steps>
      </Section>
      <div className="trade-footer">
        <Button block color="primary" onClick={() => navigate(advisorPath('advisorPlan'))}>
          开始规划
        </Button>
      </div>
    </div>
  )
}
