/**
 * 我的跟车 (poSignalList): every signal product the caller follows, open or paused — the amount
 * per signal, the follows so far and their sum, the latest signal — each opening its follow
 * setting. Without any: what following is, and the way to the signal products.
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate } from 'react-router'
import { QueryView } from '@/components/query-view'
import { formatMoney } from '@/lib/format'
import { useFollowed } from '../api/get-followed'
import { followSettingPath } from '../lib/paths'
import { FOLLOW_STATUS_COLOR, FOLLOW_STATUS_TEXT, signalFigure, SIGNAL_TEXTS } from '../lib/texts'
import '../signals.css'

export default function SignalListPage() {
  const navigate = useNavigate()
  const followed = useFollowed()
  return (
    <div className="sig-page" data-testid="signal-list">
      <QueryView
        query={followed}
        rows={5}
        isEmpty={(d) => d.length === 0}
        empty={
          <div>
            <ErrorBlock
              status="empty"
              title={SIGNAL_TEXTS.noPlans}
              description={SIGNAL_TEXTS.noPlansHint}
            />
            <div className="sig-actions">
              <Button block color="primary" onClick={() => navigate('/home')}>
                去看看发车产品
              </Button>
            </div>
          </div>
        }
      >
        {(list) => (
          <div className="sig-list">
            {list.map((f) => (
              <div
                key={f.followPlanId}
                className="sig-card"
                role="link"
                data-testid="followed-product"
                data-po-code={f.poCode}
                onClick={() => navigate(followSettingPath(f.poCode, f.financialAccountId))}
              >
                <div className="sig-card__head">
                  <span className="sig-card__name">
                    {f.poName}
                    <span className="sig-card__account">{f.financialAccountName}</span>
                  </span>
                  <span style={{ color: FOLLOW_STATUS_COLOR[f.status] }}>
                    {FOLLOW_STATUS_TEXT[f.status]}
                  </span>
                </div>
                <div className="sig-card__grid">
                  <div>
                    <div className="sig-muted">每次跟车(元)</div>
                    <div>{formatMoney(f.baseAmount)}</div>
                  </div>
                  <div>
                    <div className="sig-muted">已跟车</div>
                    <div>{f.followCount}次</div>
                  </div>
                  <div>
                    <div className="sig-muted">累计跟车(元)</div>
                    <div>{formatMoney(f.totalFollowed)}</div>
                  </div>
                </div>
                {f.latestSignalInfo && (
                  <div className="sig-muted">
                    最新发车 {f.latestSignalInfo.sigDate} · {signalFigure(f.latestSignalInfo)}
                  </div>
                )}
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </div>
  )
}
