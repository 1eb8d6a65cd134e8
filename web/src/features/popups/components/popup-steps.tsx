/** The app's pop-ups on the tab pages, each deciding for itself whether it applies; one shows
 * at a time, in the order of the host. Each calls onDone exactly once. */
import { useEffect, useRef, useState } from 'react'
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
import { loadOnce } from '@/lib/load-once'
import { useLoadedWhen } from '@/lib/use-loaded-when'
import { useNonAmerican } from '../api/get-non-american'
import { useOperationPopups } from '../api/get-operation-popups'
import { usePopupScene } from '../api/get-popup-scene'
import { useRiskToast } from '../api/get-risk-toast'
import { useUnsignedPayment } from '../api/get-unsigned-payment'
import { decideNonAmerican, readRecords, recordShow, type PopupResult } from '../rules/non-american'
import { markSeen, pickPopup, readSeen, readShownThisVisit } from '../rules/operation'
import { isResignDisabled, isResignExcluded, needsResign } from '../rules/payment-resign'

type Done = (result: PopupResult) => void

const modalCode = loadOnce(() => import('./popup-modals'))

/** The queue's pop-ups (popup-modals.ts) once `show` has been true and their code has arrived,
 * null before: a visit with no pop-up due does not download them. A failed download calls
 * `onError`: the step is skipped, as when its call fails. */
export function usePopupModals(show: boolean, onError: () => void) {
  return useLoadedWhen(modalCode, show, onError)
}

/** `usePopupModals` for a step: a failed download passes it. */
function useStepModals(show: boolean, onDone: Done) {
  return usePopupModals(show, () => onDone('PASS'))
}

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
  const modals = useStepModals(decision === 'show', onDone)
  const shows = decision === 'show' && !!modals
  useEffect(() => {
    if (shows) recordShow(brokerUserId, now)
  }, [shows, brokerUserId, now])
  if (!shows) return null
  return <modals.NonAmericanModal brokerUserId={brokerUserId} mode="global" onDone={onDone} />
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
  const shows = !skip && needs && settled && !nothing
  const modals = useStepModals(shows, onDone)
  if (!shows || !modals) return null
  return <modals.PaymentResignModal brokerUserId={brokerUserId} item={item} onDone={onDone} />
}

export function RiskExpiryStep({ brokerUserId, onDone }: { brokerUserId: number; onDone: Done }) {
  const risk = useRiskToast(brokerUserId)
  const show = !!risk.data?.isNeedToast
  usePass(!risk.isLoading && !show, onDone)
  const modals = useStepModals(show, onDone)
  if (!show || !risk.data || !modals) return null
  // The survey cannot be taken from a preview link or inside an iframe host.
  const canRetest = !isPreviewMode() && detectEnvironment() !== 'iframe'
  return (
    <modals.RiskExpiryModal
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
  const modals = useStepModals(!!popup, onDone)
  const shown = modals ? popup : null
  useEffect(() => {
    if (shown) markSeen(shown.popupId, now)
  }, [shown, now])
  if (!shown || !modals) return null
  return <modals.OperationPopupModal popup={shown} onClose={() => onDone('CLOSE')} />
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
  const modals = useStepModals(!!notice, onDone)
  if (!notice || !modals) return null
  const close = (result: PopupResult) => {
    void invalidateNotices(queryClient)
    onDone(result)
  }
  return (
    <modals.NoticeConfirmModal
      notice={notice}
      onConfirm={() =>
        void confirmNotice(notice.noticeId).then(
          () => close('SUBMIT'),
          () => close('CLOSE'),
        )
      }
      onDetail={() => {
        close('CLOSE')
        navigate(operationConfirmPath(notice.noticeId))
      }}
    />
  )
}
