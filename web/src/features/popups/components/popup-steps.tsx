/** The app's pop-ups on the tab pages, each deciding for itself whether it applies; one shows
 * at a time, in the order of the host. Each calls onDone exactly once. */
import { useEffect, useRef, useState } from 'react'
import { Button, CenterPopup } from 'antd-mobile'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import {
  confirmNotice,
  invalidateNotices,
  operationConfirmPath,
  useToConfirm,
} from '@/features/notices'
import { useBrokerPreSetting } from '@/features/platform'
import { isPreviewMode } from '@/lib/entry'
import { detectEnvironment } from '@/lib/env'
import { useNonAmerican } from '../api/get-non-american'
import { useOperationPopups } from '../api/get-operation-popups'
import { usePopupScene } from '../api/get-popup-scene'
import { useRiskToast } from '../api/get-risk-toast'
import { useUnsignedPayment } from '../api/get-unsigned-payment'
import { decideNonAmerican, readRecords, recordShow, type PopupResult } from '../rules/non-american'
import { markSeen, pickPopup, readSeen, readShownThisVisit } from '../rules/operation'
import { isResignDisabled, isResignExcluded, needsResign } from '../rules/payment-resign'
import { NonAmericanModal } from './non-american-modal'
import { OperationPopupModal } from './operation-popup-modal'
import { PaymentResignModal } from './payment-resign-modal'
import { RiskExpiryModal } from './risk-expiry-modal'

type Done = (result: PopupResult) => void

/** Call onDone once, from an effect (never while rendering). */
function usePass(pass: boolean, onDone: Done) {
  const called = useRef(false)
  useEffect(() => {
    if (pass && !called.current) {
      called.current = true
      onDone('PASS')
    }
  }, [pass, onDone])
}

export function NonAmericanGlobalStep({
  brokerUserId,
  onDone,
}: {
  brokerUserId: number
  onDone: Done
}) {
  const setting = useBrokerPreSetting()
  const status = useNonAmerican(brokerUserId)
  const [now] = useState(() => Date.now())
  const ready = !status.isLoading && !setting.isLoading
  const decision =
    ready && status.data
      ? decideNonAmerican({
          mode: 'global',
          nonAmerican: status.data.nonAmerican,
          hasAccount: status.data.hasAccount,
          brokerExcluded: !!setting.data?.isNonAmericanPopupDisabled,
          records: readRecords(brokerUserId),
          now,
        })
      : null
  usePass(ready && (status.isError || decision === 'pass'), onDone)
  useEffect(() => {
    if (decision === 'show') recordShow(brokerUserId, now)
  }, [decision, brokerUserId, now])
  if (decision !== 'show') return null
  return <NonAmericanModal brokerUserId={brokerUserId} mode="global" onDone={onDone} />
}

export function PaymentResignStep({
  brokerUserId,
  accountId,
  pathname,
  onDone,
}: {
  brokerUserId: number
  accountId: number | null
  pathname: string
  onDone: Done
}) {
  const skip = isResignDisabled(brokerUserId) || isResignExcluded(pathname)
  const scene = usePopupScene(brokerUserId, !skip)
  const sceneSettled = !scene.isLoading
  const needs = !skip && sceneSettled && needsResign(scene.data, scene.isError)
  const unsigned = useUnsignedPayment(brokerUserId, accountId, needs)
  const settled = sceneSettled && (!needs || !unsigned.isLoading)
  const item = unsigned.data ?? null
  // The check said re-sign but no card is unsigned any more: nothing to say.
  const nothing = needs && !scene.isError && settled && !item && !unsigned.isError
  usePass(skip || (sceneSettled && !needs) || nothing, onDone)
  if (skip || !needs || !settled || nothing) return null
  return <PaymentResignModal brokerUserId={brokerUserId} item={item} onDone={onDone} />
}

export function RiskExpiryStep({ brokerUserId, onDone }: { brokerUserId: number; onDone: Done }) {
  const risk = useRiskToast(brokerUserId)
  const show = !!risk.data?.isNeedToast
  usePass(!risk.isLoading && !show, onDone)
  if (!show || !risk.data) return null
  // The survey cannot be taken from a preview link or inside an iframe host.
  const canRetest = !isPreviewMode() && detectEnvironment() !== 'iframe'
  return (
    <RiskExpiryModal
      brokerUserId={brokerUserId}
      risk={risk.data}
      canRetest={canRetest}
      onDone={onDone}
    />
  )
}

export function OperationStep({
  scene,
  hasAccount,
  onDone,
}: {
  scene: string
  hasAccount: boolean
  onDone: Done
}) {
  const popups = useOperationPopups(scene)
  const [now] = useState(() => Date.now())
  const popup = popups.data
    ? pickPopup(popups.data, readSeen(), readShownThisVisit(), now, hasAccount)
    : null
  usePass(!popups.isLoading && !popup, onDone)
  useEffect(() => {
    if (popup) markSeen(popup.popupId, now)
  }, [popup, now])
  if (!popup) return null
  return <OperationPopupModal popup={popup} onClose={() => onDone('CLOSE')} />
}

/** A notice that must be acknowledged (the broker's announcement asking for it): shown in the
 * queue after the account pop-ups; 我已知晓 confirms it (/notice/confirmPopWindow), 查看详情
 * opens 操作确认. Nothing to acknowledge, or the list cannot be read: pass. */
export function NoticeConfirmStep({ onDone }: { onDone: Done }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const pending = useToConfirm()
  const notice = pending.data?.[0]
  usePass(!pending.isLoading && !notice, onDone)
  if (!notice) return null
  const close = (result: PopupResult) => {
    void invalidateNotices(queryClient)
    onDone(result)
  }
  return (
    <CenterPopup visible bodyClassName="operation-popup">
      <div className="operation-popup__body" data-testid="notice-confirm-popup">
        <h3>{notice.title}</h3>
        <p>{notice.content}</p>
        <Button
          block
          color="primary"
          onClick={() =>
            void confirmNotice(notice.noticeId).then(
              () => close('SUBMIT'),
              () => close('CLOSE'),
            )
          }
        >
          我已知晓
        </Button>
        <Button
          block
          fill="none"
          onClick={() => {
            close('CLOSE')
            navigate(operationConfirmPath(notice.noticeId))
          }}
        >
          查看详情
        </Button>
      </div>
    </CenterPopup>
  )
}
