/**
 * 发车详情 (poSignalDetail and signalDepartureDetail, poCode, sigId): one signal — its day, the
 * lead manager's multiple (or the part to sell), the whole description — and the caller's follow
 * of it (the follow record with its order or reason). A buy signal leads to 跟车买入 (the purchase
 * screen with the signal) and to the follow plan; a sell signal to 按信号卖出 (signalRedeem),
 * unless the follow plan has sold by it (已跟车卖出: a signal sells a holding once).
 */
import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { formatMoney } from '@/lib/format'
import { useFollowHistory } from '../api/get-follow-history'
import { useFollowSetting } from '../api/get-follow-setting'
import { useSignalPages } from '../api/get-signals'
import { FollowRecordRow } from '../components/follow-record-row'
import {
  followSettingPath,
  signalHistoryPath,
  signalPlanPath,
  signalRedeemPath,
} from '../lib/paths'
import { soldByFollow } from '../lib/rules'
import { FOLLOW_STATUS_TEXT, signalFigure, signalTypeText, SIGNAL_TEXTS } from '../lib/texts'
import '../signals.css'

export default function SignalDetailPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const sigId = params.get('sigId') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const signal = useSignalPages(poCode, sigId)
  const setting = useFollowSetting(poCode, financialAccountId)
  const follows = useFollowHistory({ poCode, sigId }, 5)
  return (
    <div className="sig-page" data-testid="signal-detail">
      <QueryView
        query={signal}
        rows={5}
        emptyTitle="发车信号不存在"
        isEmpty={(d) => d.pages[0].list.length === 0}
      >
        {(d) => {
          const page = d.pages[0]
          const s = page.list[0]
          const sell = s.signalType === 'SELL'
          return (
            <>
              <div className="sig-hero">
                <div className="sig-hero__name">{page.productName}</div>
                <div className="sig-hero__label">
                  {signalTypeText(s)} · 发车日期 {s.sigDate}
                </div>
                <div
                  className={`sig-hero__figure ${sell ? 'is-sell' : ''}`}
                  data-testid="signal-figure"
                >
                  {signalFigure(s)}
                </div>
                <div className="sig-muted">
                  主理人 {page.managerName} {sell ? '建议卖出比例' : '建议买入倍数'}
                </div>
              </div>
              <Section title="发车说明">
                <p className="sig-desc" data-testid="signal-description">
                  {s.description}
                </p>
              </Section>
              <Section
                title="我的跟车"
                extra={setting.data ? FOLLOW_STATUS_TEXT[setting.data.status] : undefined}
                onExtra={() => navigate(followSettingPath(poCode, financialAccountId))}
              >
                <QueryView
                  query={follows}
                  rows={2}
                  isEmpty={(f) => f.pages[0].list.length === 0}
                  empty={
                    <ErrorBlock status="empty" title={SIGNAL_TEXTS.noFollows} description="" />
                  }
                >
                  {(f) => (
                    <div>
                      {f.pages[0].list.map((r) => (
                        <FollowRecordRow key={r.recordId} record={r} />
                      ))}
                    </div>
                  )}
                </QueryView>
                {setting.data && (
                  <KeyValue label="跟车计划">
                    {setting.data.isSetConfig
                      ? `${FOLLOW_STATUS_TEXT[setting.data.status]} · 每次${formatMoney(setting.data.baseAmount)}元`
                      : '未设置'}
                  </KeyValue>
                )}
              </Section>
              <div className="sig-actions">
                <Button
                  block
                  fill="outline"
                  color="primary"
                  onClick={() => navigate(signalHistoryPath(poCode))}
                >
                  历史发车
                </Button>
                {sell && soldByFollow(follows.data?.pages[0].list ?? [], s.sigId) ? (
                  <Button block color="primary" disabled data-testid="signal-redeem">
                    {SIGNAL_TEXTS.soldByPlan}
                  </Button>
                ) : sell ? (
                  <Button
                    block
                    color="primary"
                    data-testid="signal-redeem"
                    onClick={() => navigate(signalRedeemPath(poCode, s.sigId, financialAccountId))}
                  >
                    按信号卖出
                  </Button>
                ) : setting.data?.isSetConfig ? (
                  <Button
                    block
                    color="primary"
                    onClick={() =>
                      navigate(
                        `/allot?productCode=${poCode}&productType=signal&sigId=${encodeURIComponent(s.sigId)}`,
                      )
                    }
                  >
                    跟车买入
                  </Button>
                ) : (
                  <Button
                    block
                    color="primary"
                    data-testid="signal-follow"
                    onClick={() => navigate(signalPlanPath(poCode, financialAccountId))}
                  >
                    去跟车
                  </Button>
                )}
              </div>
            </>
          )
        }}
      </QueryView>
    </div>
  )
}
