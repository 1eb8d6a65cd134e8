/**
 * 跟车设置 (poSignal/followSetting, poCode, financialAccountId): the caller's follow plan on a
 * product — its state, the amount per signal, the way to pay, the follows so far and their sum,
 * the bands, the latest follows — with 修改跟车, 暂停跟车 / 恢复跟车 (confirmed, then the trade
 * password) and the way to every follow. Without a plan: 去跟车.
 */
import { useState } from 'react'
import { Button, ErrorBlock } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { AlertModal } from '@/components/alert-modal'
import { QueryView } from '@/components/query-view'
import { KeyValue, Section } from '@/components/section'
import { TradePasswordPopup } from '@/components/trade-password-popup'
import { useTradeSubmit } from '@/features/trade'
import { formatMoney } from '@/lib/format'
import { showSuccessToast } from '@/lib/toast'
import { invalidateAfterSignalWrite, setFollow } from '../api/follow-writes'
import { useFollowHistory } from '../api/get-follow-history'
import { useFollowSetting } from '../api/get-follow-setting'
import type { FollowPlan } from '../api/types'
import { BandTable } from '../components/band-table'
import { FollowRecordRow } from '../components/follow-record-row'
import {
  followHistoryPath,
  signalDetailPath,
  signalHistoryPath,
  signalPlanPath,
} from '../lib/paths'
import {
  FOLLOW_ACTION_TEXT,
  FOLLOW_DONE_TEXT,
  FOLLOW_STATUS_COLOR,
  FOLLOW_STATUS_TEXT,
  followPayText,
  signalFigure,
  SIGNAL_TEXTS,
} from '../lib/texts'
import '../signals.css'

function Setting({ plan }: { plan: FollowPlan }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { submit, dialog } = useTradeSubmit()
  const [confirming, setConfirming] = useState<'PAUSE' | 'RESUME' | null>(null)
  const [password, setPassword] = useState<'PAUSE' | 'RESUME' | null>(null)
  const follows = useFollowHistory({ followPlanId: plan.followPlanId ?? undefined }, 5)
  const latest = plan.latestSignalInfo

  const place = async (tradePassword: string) => {
    const action = password
    if (!action) return
    const outcome = await submit(
      () =>
        setFollow({
          poCode: plan.poCode,
          action,
          financialAccountId: plan.financialAccountId,
          riskConfirmed: false,
          tradePassword,
        }),
      { kind: 'plan' },
    )
    if (outcome.ok) {
      setPassword(null)
      showSuccessToast(FOLLOW_DONE_TEXT[action])
      await invalidateAfterSignalWrite(queryClient)
      return
    }
    if (outcome.retryPassword) throw outcome.error
    setPassword(null)
  }

  return (
    <div className="sig-page" data-testid="follow-setting" data-status={plan.status}>
      <div className="sig-hero">
        <div className="sig-hero__head">
          <span className="sig-hero__name">{plan.poName}</span>
          <span data-testid="follow-status" style={{ color: FOLLOW_STATUS_COLOR[plan.status] }}>
            {FOLLOW_STATUS_TEXT[plan.status]}
          </span>
        </div>
        <div className="sig-hero__label">每次跟车金额(元)</div>
        <div className="sig-hero__figure" data-testid="follow-base">
          {formatMoney(plan.baseAmount)}
        </div>
        <div className="sig-hero__grid">
          <div>
            <div className="sig-hero__label">已跟车</div>
            <div data-testid="follow-count">{plan.followCount}次</div>
          </div>
          <div>
            <div className="sig-hero__label">累计跟车(元)</div>
            <div data-testid="follow-total">{formatMoney(plan.totalFollowed)}</div>
          </div>
        </div>
      </div>
      <Section title="跟车信息">
        <KeyValue label="扣款方式">{followPayText(plan)}</KeyValue>
        <KeyValue label="最低跟车金额">{formatMoney(plan.minAmount)}元</KeyValue>
        <KeyValue label="主理人">{plan.managerName || '--'}</KeyValue>
        {latest && (
          <KeyValue label="最新发车">
            <a
              className="sig-link"
              role="link"
              onClick={() => navigate(signalDetailPath(plan.poCode, latest.sigId))}
            >
              {latest.sigDate} {signalFigure(latest)} ›
            </a>
          </KeyValue>
        )}
      </Section>
      <Section title="发车倍数">
        <BandTable bands={plan.bands} />
        <p className="sig-muted">{SIGNAL_TEXTS.planRule}</p>
      </Section>
      <Section
        title="跟车记录"
        extra="全部 ›"
        onExtra={() =>
          navigate(followHistoryPath({ followPlanId: plan.followPlanId ?? undefined }))
        }
      >
        <QueryView
          query={follows}
          rows={2}
          isEmpty={(d) => d.pages[0].list.length === 0}
          empty={<ErrorBlock status="empty" title={SIGNAL_TEXTS.noFollows} description="" />}
        >
          {(d) => (
            <div data-testid="follow-recent">
              {d.pages[0].list.map((r) => (
                <FollowRecordRow key={r.recordId} record={r} />
              ))}
            </div>
          )}
        </QueryView>
      </Section>
      <div className="sig-actions sig-actions--fixed">
        <Button
          block
          fill="outline"
          color="primary"
          onClick={() => navigate(signalHistoryPath(plan.poCode))}
        >
          历史发车
        </Button>
        {plan.status === 'OPEN' ? (
          <>
            <Button
              block
              fill="outline"
              color="primary"
              data-testid="follow-pause"
              onClick={() => setConfirming('PAUSE')}
            >
              暂停跟车
            </Button>
            <Button
              block
              color="primary"
              data-testid="follow-update"
              onClick={() => navigate(signalPlanPath(plan.poCode, plan.financialAccountId))}
            >
              {FOLLOW_ACTION_TEXT.UPDATE}
            </Button>
          </>
        ) : (
          <Button
            block
            color="primary"
            data-testid="follow-resume"
            onClick={() => setConfirming('RESUME')}
          >
            {FOLLOW_ACTION_TEXT.RESUME}
          </Button>
        )}
      </div>
      <AlertModal
        visible={confirming !== null}
        title={confirming ? FOLLOW_ACTION_TEXT[confirming] : undefined}
        content={
          <div data-testid="follow-confirm">
            {confirming === 'PAUSE'
              ? SIGNAL_TEXTS.pauseConfirm
              : `恢复后，主理人下次发车起按每次${formatMoney(plan.baseAmount)}元自动跟车。`}
          </div>
        }
        confirmText={confirming === 'PAUSE' ? '确认暂停' : '确认恢复'}
        cancelText="取消"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setPassword(confirming)
          setConfirming(null)
        }}
      />
      <TradePasswordPopup
        visible={password !== null}
        description={password ? FOLLOW_ACTION_TEXT[password] : undefined}
        onClose={() => setPassword(null)}
        onSubmit={place}
        onForgot={() => navigate('/resetTradePasswordAuth')}
      />
      {dialog}
    </div>
  )
}

export default function FollowSettingPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const financialAccountId = Number(params.get('financialAccountId')) || null
  const setting = useFollowSetting(poCode, financialAccountId)
  return (
    <QueryView query={setting} rows={6}>
      {(plan) =>
        plan.isSetConfig ? (
          <Setting plan={plan} />
        ) : (
          <div className="sig-page" data-testid="follow-setting" data-status="INIT">
            <ErrorBlock
              status="empty"
              title={SIGNAL_TEXTS.noPlans}
              description={SIGNAL_TEXTS.noPlansHint}
            />
            <div className="sig-actions">
              <Button
                block
                color="primary"
                onClick={() => navigate(signalPlanPath(poCode, financialAccountId))}
              >
                去跟车
              </Button>
            </div>
          </div>
        )
      }
    </QueryView>
  )
}
