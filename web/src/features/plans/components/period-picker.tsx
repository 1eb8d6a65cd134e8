import { useState } from 'react'
import { List, Picker, Selector } from 'antd-mobile'
import type { PlanPeriod } from '../api/types'
import {
  choiceOf,
  dayOptions,
  MONTH_OPTIONS,
  PERIOD_CHOICES,
  switchPeriod,
  WEEKDAYS,
  type PeriodChoice,
} from '../lib/period'

/** 定投周期 and 扣款日: the kind of period as chips, then the weekday as chips (周一–周五) or the
 * day of month (1–28日, and the month for a yearly plan) from a picker. */
export function PeriodPicker({
  period,
  onChange,
  today,
}: {
  period: PlanPeriod
  onChange: (period: PlanPeriod) => void
  today: string
}) {
  const [picking, setPicking] = useState(false)
  const choice = choiceOf(period)
  const days = dayOptions(period.periodUnit)
  const columns =
    period.periodUnit === 3 ? [MONTH_OPTIONS, dayOptions(3)] : [dayOptions(period.periodUnit)]
  const value =
    period.periodUnit === 3 ? [period.periodMonth, period.periodDay] : [period.periodDay]
  const dayLabel =
    period.periodUnit === 3
      ? `${period.periodMonth ?? '--'}月${period.periodDay ?? '--'}日`
      : `每月${period.periodDay ?? '--'}日`

  return (
    <div className="plan-period" data-testid="plan-period">
      <div className="plan-field__label">定投周期</div>
      <Selector
        columns={5}
        value={[choice]}
        showCheckMark={false}
        options={PERIOD_CHOICES.map((c) => ({ label: c.label, value: c.key }))}
        onChange={(v) => {
          if (v[0]) onChange(switchPeriod(period, v[0] as PeriodChoice, today))
        }}
      />
      {period.periodUnit === 1 && (
        <>
          <div className="plan-field__label">扣款日</div>
          <Selector
            columns={5}
            value={period.periodDay ? [period.periodDay] : []}
            showCheckMark={false}
            options={WEEKDAYS.map((label, i) => ({ label, value: i + 1 }))}
            onChange={(v) => {
              if (v[0]) onChange({ ...period, periodDay: v[0] })
            }}
          />
        </>
      )}
      {period.periodUnit >= 2 && days.length > 0 && (
        <List className="plan-period__day">
          <List.Item extra={dayLabel} onClick={() => setPicking(true)} arrowIcon>
            扣款日
          </List.Item>
        </List>
      )}
      {period.periodUnit >= 2 && (
        <Picker
          columns={columns}
          visible={picking}
          value={value}
          title={period.periodUnit === 3 ? '选择每年扣款日' : '选择每月扣款日（1–28日）'}
          onClose={() => setPicking(false)}
          onConfirm={(v) => {
            if (period.periodUnit === 3)
              onChange({ ...period, periodMonth: Number(v[0]), periodDay: Number(v[1]) })
            else onChange({ ...period, periodDay: Number(v[0]) })
          }}
        />
      )}
    </div>
  )
}
