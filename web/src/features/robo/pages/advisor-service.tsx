/**
 * 投顾服务 (advisor/advisorService): the investor's robo accounts (getRoboSAList) with their
 * figures, each opening advisor/account, and the way to a new plan.
 */
import { Button } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { Section } from '@/components/section'
import { useRoboAccounts } from '../api/queries'
import { RoboAccountRows } from '../components/account-rows'
import { advisorPath } from '../lib/paths'
import '../robo.css'

export default function AdvisorServicePage() {
  const navigate = useNavigate()
  const accounts = useRoboAccounts()
  return (
    <div className="fa-page" data-testid="robo-service">
      <Section title="我的智能投顾">
        <QueryView
          query={accounts}
          rows={3}
          isEmpty={(l) => l.length === 0}
          empty={<p className="fa-muted">暂无智能投顾账户，完成规划后开通</p>}
        >
          {(list) => <RoboAccountRows accounts={list} />}
        </QueryView>
      </Section>
      <div className="trade-footer">
        <Button block color="primary" onClick={() => navigate(advisorPath('advisorPlan'))}>
          新建规划
        </Button>
      </div>
    </div>
  )
}
