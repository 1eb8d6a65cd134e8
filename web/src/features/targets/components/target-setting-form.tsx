/**
 * The holder's target setting (GET/POST /asset/targetSetting): the target return, typed as a
 * percentage within the range the server gives (2 %–30 %), and what happens when it is
 * reached (止盈至钱包 or 继续持有, whose next target is the adjusted one of docs/targets.md).
 */
import { Button, Input, Selector } from 'antd-mobile'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatPercent } from '@/lib/format'
import { showFailToast, showSuccessToast } from '@/lib/toast'
import { useSetTarget, useTargetSetting } from '../api/target-setting'
import type { TargetAction, TargetSetting } from '../api/types'
import { percentToRate, rateToPercent } from '../lib'

function Form({ setting }: { setting: TargetSetting }) {
  const navigate = useNavigate()
  const [percent, setPercent] = useState(rateToPercent(setting.targetRate))
  const [action, setAction] = useState<TargetAction>(setting.targetAction)
  const save = useSetTarget()
  const submit = () => {
    const rate = percentToRate(percent)
    if (rate === null) {
      showFailToast('请输入正确的目标收益率')
      return
    }
    save.mutate(
      {
        strategyCode: setting.strategyCode,
        financialAccountId: setting.financialAccountId,
        targetRate: rate,
        targetAction: action,
      },
      { onSuccess: () => showSuccessToast('目标设置已保存') },
    )
  }
  return (
    <div className="tg-form" data-testid="target-setting">
      <div className="tg-row">
        <span>策略目标收益</span>
        <span>{formatPercent(setting.strategyTargetRate)}</span>
      </div>
      <div className="tg-row">
        <span>我的目标收益率（%）</span>
        <Input
          aria-label="目标收益率"
          value={percent}
          onChange={setPercent}
          disabled={!setting.editable}
          style={{ width: 80, textAlign: 'right' }}
          inputMode="decimal"
        />
      </div>
      <div className="tg-muted">
        可设置范围 {formatPercent(setting.minTargetRate)} 至 {formatPercent(setting.maxTargetRate)}
      </div>
      <div style={{ margin: '10px 0' }}>
        <Selector
          columns={2}
          options={setting.actions.map((a) => ({ label: a.label, value: a.value }))}
          value={[action]}
          disabled={!setting.editable}
          onChange={(v) => v[0] && setAction(v[0])}
        />
      </div>
      <div className="tg-card__actions">
        <Button size="small" onClick={() => navigate('/targetKeepOnRule')}>
          止盈续投规则
        </Button>
        <Button
          size="small"
          color="primary"
          disabled={!setting.editable}
          loading={save.isPending}
          onClick={submit}
        >
          保存设置
        </Button>
      </div>
      {!setting.editable && <div className="tg-muted">该持仓已止盈或已结束，无法修改目标设置</div>}
    </div>
  )
}

export function TargetSettingForm({
  strategyCode,
  financialAccountId,
}: {
  strategyCode: string
  financialAccountId: number
}) {
  const query = useTargetSetting({ strategyCode, financialAccountId })
  return (
    <QueryView query={query} rows={3}>
      {(setting) => <Form setting={setting} />}
    </QueryView>
  )
}
