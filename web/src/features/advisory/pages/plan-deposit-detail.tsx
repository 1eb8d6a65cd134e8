/**
 * 计划投入详情 (fa/planDepositDetail, investPlanId, serviceAccountId): a deposit-invest plan —
 * its status, amount, period, next date — its executions, and 修改 / 暂停 / 恢复 / 终止 with the
 * trade password.
 */
import { Button, Dialog, ErrorBlock } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { ExecutionRow, nextDateText, PLAN_STATUS_COLOR, planStatusText } from '@/features/plans'
import { useDepositPlan } from '../api/get-deposit-plan'
import { useDepositPlanExecutions } from '../api/get-deposit-plan-executions'
import type { DepositPlan } from '../api/types'
import { changeDepositPlan, type PlanAction } from '../api/writes'
import { usePasswordWrite } from '../components/use-password-write'
import { useIdParam } from '../lib/params'
import { faPath } from '../lib/paths'
import '../advisory.css'

const ACTION_TEXT: Record<PlanAction, { title: string; content: string }> = {
  pause: { title: '暂停计划', content: '暂停后计划不再扣款，可随时恢复。' },
  resume: { title: '恢复计划', content: '恢复后按原周期继续扣款。' },
  terminate: { title: '终止计划', content: '终止后计划不可恢复，已买入的份额不受影响。' },
}

function Detail({ plan, serviceAccountId }: { plan: DepositPlan; serviceAccountId: number }) {
  const navigate = useNavigate()
  const executions = useDepositPlanExecutions(plan.investPlanId)
  const write = usePasswordWrite()
  const act = async (action: PlanAction) => {
    const t = ACTION_TEXT[action]
    const ok = await Dialog.confirm({ title: t.title, content: t.content, cancelText: '取消' })
    if (ok)
      write.ask({
        description: t.title,
        run: (p) => changeDepositPlan(action, { investPlanId: plan.investPlanId, ...p }),
        done: () => undefined,
      })
  }
  return (
    <div className="fa-page" data-testid="fa-plan-detail" data-status={plan.status}>
      <Section
        title={plan.productName}
        extra={
          <span style={{ color: PLAN_STATUS_COLOR[plan.status] }}>
            {planStatusText(plan.status)}
          </span>
        }
      >
        <KeyValue label="每期金额">{formatMoney(plan.amount)}元</KeyValue>
        <KeyValue label="投入周期">{plan.periodText}</KeyValue>
        <KeyValue label="扣款方式">{plan.payMethodText}</KeyValue>
        <KeyValue label="累计投入">{formatMoney(plan.totalInvested)}元</KeyValue>
        <KeyValue label="已扣款">{plan.successCount}期</KeyValue>
        <p className="fa-muted">{nextDateText(plan)}</p>
      </Section>
      <Section title="执行记录">
        <QueryView
          query={executions}
          rows={3}
          isEmpty={(d) => d.pages[0].list.length === 0}
          empty={<ErrorBlock status="empty" title="暂无执行记录" description="" />}
        >
          {(d) => (
            <>
              {d.pages
                .flatMap((p) => p.list)
                .map((e) => (
                  <ExecutionRow key={e.executionId} execution={e} />
                ))}
              <LoadMore query={executions} />
            </>
          )}
        </QueryView>
      </Section>
      {plan.status !== 'T' && (
        <div className="trade-footer fa-footer">
          <Button fill="outline" onClick={() => void act('terminate')}>
            终止
          </Button>
          <Button fill="outline" onClick={() => void act(plan.status === 'A' ? 'pause' : 'resume')}>
            {plan.status === 'A' ? '暂停' : '恢复'}
          </Button>
          <Button
            color="primary"
            disabled={plan.status !== 'A' || !serviceAccountId}
            onClick={() =>
              navigate(faPath('planDeposit', serviceAccountId, { investPlanId: plan.investPlanId }))
            }
          >
            修改
          </Button>
        </div>
      )}
      {write.node}
    </div>
  )
}

export default function PlanDepositDetailPage() {
  const investPlanId = useIdParam('investPlanId')
  const serviceAccountId = useIdParam('serviceAccountId')
  const plan = useDepositPlan(investPlanId)
  return (
    <QueryView query={plan} rows={8} emptyTitle="未找到该计划">
      {(p) => <Detail plan={p} serviceAccountId={serviceAccountId} />}
    </QueryView>
  )
}
