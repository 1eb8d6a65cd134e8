import { useNavigate } from 'react-router'
import { formatMoney } from '@/lib/format'
import type { Application } from '../api/types'
import { SOURCE_TEXT, STATUS_COLOR, STATUS_TEXT, STEPS, STEP_TEXT } from '../lib/texts'

export const applicationPath = (id: number) => `/transferOnline/assetList?applicationId=${id}`

/** An application in a list: its funds, total cost, state and the day it was submitted (the
 * Beijing date of `applyTime`, as its detail's 申请时间; not the trade date, which is the next
 * trading day after 15:00 or on a holiday); opens its detail. */
export function ApplicationCard({ application: a }: { application: Application }) {
  const navigate = useNavigate()
  const names = a.items.map((i) => i.fundName).join('、')
  return (
    <div
      className="xfer-row"
      role="link"
      data-testid="transfer-application"
      data-status={a.status}
      onClick={() => navigate(applicationPath(a.applicationId))}
    >
      <div className="xfer-row__head">
        <span className="xfer-row__name">
          {a.items.length}只基金 · {SOURCE_TEXT[a.source]}
        </span>
        <span style={{ color: STATUS_COLOR[a.status], fontSize: 13 }}>{STATUS_TEXT[a.status]}</span>
      </div>
      <p className="xfer-muted">{names}</p>
      <p className="xfer-muted">
        持仓成本 {formatMoney(a.totalCost)}元 · 转入{a.financialAccountName} · 申请日{' '}
        {a.applyTime.slice(0, 10)}
      </p>
    </div>
  )
}

/** The steps of an application, done ones highlighted (TA_ERROR and CLOSED shown in words). */
export function StatusSteps({ status }: { status: Application['status'] }) {
  const reached = STEPS.indexOf(status)
  return (
    <div className="xfer-steps" data-testid="transfer-steps">
      {STEPS.map((s, i) => (
        <div key={s} className={`xfer-step ${reached >= i ? 'xfer-step--done' : ''}`}>
          <div className="xfer-step__dot" />
          {STEP_TEXT[s]}
        </div>
      ))}
    </div>
  )
}
