/**
 * 跟车结果 (poSignalPlanResult, poCode, financialAccountId, action): what the follow plan now is
 * after 确认跟车 / 修改跟车 / 恢复跟车 — the amount per signal, the way to pay, the state — read
 * back from the server, with the way to the plan and to the product.
 */
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { ResultView } from '@/components/result-view'
import { formatMoney } from '@/lib/format'
import { useFollowSetting } from '../api/get-follow-setting'
import type { FollowAction } from '../api/types'
import { followSettingPath } from '../lib/paths'
import { FOLLOW_DONE_TEXT, FOLLOW_STATUS_TEXT, followPayText } from '../lib/texts'
import '../signals.css'

export default function SignalPlanResultPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const action = (params.get('action') ?? 'CREATE') as FollowAction
  const setting = useFollowSetting(poCode, financialAccountId)
  return (
    <QueryView query={setting} rows={4}>
      {(plan) =>
        plan.isSetConfig ? (
          <ResultView
            status="success"
            title={FOLLOW_DONE_TEXT[action] ?? FOLLOW_DONE_TEXT.CREATE}
            description={
              <div data-testid="signal-plan-result">
                <div>
                  {plan.poName} · 每次跟车 {formatMoney(plan.baseAmount)} 元
                </div>
                <div>
                  扣款方式 {followPayText(plan)} · 状态 {FOLLOW_STATUS_TEXT[plan.status]}
                </div>
                <div>主理人下次发车起，按“跟车金额 × 发车倍数”自动买入</div>
              </div>
            }
            actions={[
              {
                text: '查看跟车设置',
                onClick: () =>
                  navigate(followSettingPath(plan.poCode, plan.financialAccountId), {
                    replace: true,
                  }),
              },
              { text: '完成', primary: false, onClick: () => navigate(-1) },
            ]}
          />
        ) : (
          <ResultView
            status="info"
            title="尚未设置跟车计划"
            actions={[{ text: '返回', onClick: () => navigate(-1) }]}
          />
        )
      }
    </QueryView>
  )
}
