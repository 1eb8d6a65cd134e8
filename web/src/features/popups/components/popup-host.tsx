/**
 * Where the app's pop-ups appear (docs/product.md#states). Only for a signed-in user on a page that
 * is not public, and not while the visit that began on app-login is still on it.
 *
 * 1. Privacy-policy consent, on any such page that is not excluded; nothing else shows until
 *    the latest policy is signed.
 * 2. On the tab pages (首页, 我的), in this order of priority: the non-US taxpayer declaration
 *    (global mode), the payment-channel re-sign prompt and the risk-test expiry prompt (these
 *    three for account holders), a notice that must be acknowledged (docs/notices.md), then
 *    the broker's operation pop-up of the page (only those
 *    meant for this user: its audience), and on 首页 last the operation push
 *    (/noauth/push/getOperationPush). Each decides whether it applies; the first that does is
 *    the one pop-up of this app open: after it (or after the privacy consent) nothing else
 *    pops up until the app is opened again.
 */
import { useCallback, useEffect, useState } from 'react'
import { useBrokerPreSetting } from '@/features/platform'
import { OperationPush } from '@/features/store'
import { getEntry } from '@/lib/entry'
import { getSession, hasAccount, type Session } from '@/lib/session'
import { getStored, setStored } from '@/lib/storage'
import { useContractStatus } from '../api/get-contract-status'
import type { PopupResult } from '../rules/non-american'
import { cacheSigned, isPrivacyPromptContext, isSignedCached } from '../rules/privacy'
import {
  NonAmericanGlobalStep,
  NoticeConfirmStep,
  OperationStep,
  PaymentResignStep,
  RiskExpiryStep,
  usePopupModals,
} from './popup-steps'

interface HostDef {
  access: 'public' | 'token' | 'account'
  tab?: boolean
}

const DONE_KEY = 'opentamp.popupsDone'
/** Set once a pop-up has shown in this app open (sessionStorage): the rest wait for the next. */
export const SHOWN_KEY = 'opentamp.popupShown'

function popupShownThisOpen(): boolean {
  return sessionStorage.getItem(SHOWN_KEY) === '1'
}

function markPopupShown(): void {
  sessionStorage.setItem(SHOWN_KEY, '1')
}
const ACCOUNT_STEPS = ['nonAmerican', 'paymentResign', 'riskExpiry'] as const

export function PopupHost({ def, pathname }: { def: HostDef; pathname: string }) {
  const session = getSession()
  const entry = getEntry()
  const waitingOnAppLogin = entry?.firstPath === 'app-login' && pathname === '/app-login'
  if (!session || session.visitor || def.access === 'public' || waitingOnAppLogin) return null
  return <SignedInPopups session={session} def={def} pathname={pathname} />
}

function SignedInPopups({
  session,
  def,
  pathname,
}: {
  session: Session
  def: HostDef
  pathname: string
}) {
  const setting = useBrokerPreSetting()
  const userId = session.brokerUserId
  const inContext = isPrivacyPromptContext({
    path: pathname,
    isBrandApp: getEntry()?.isBrandApp ?? false,
    brokerExcluded: !!setting.data?.isPrivacyPromptDisabled,
  })
  const cached = isSignedCached(userId)
  const contracts = useContractStatus(userId, inContext && !cached && !setting.isLoading)
  const status = contracts.data?.[0]

  useEffect(() => {
    if (status?.isSignLatest) cacheSigned(userId, status.latestVersion)
  }, [status, userId])

  // The consent's code comes once it is to be asked; if it cannot be downloaded the visit goes
  // on without it, as when the check fails.
  const [consentUnavailable, setConsentUnavailable] = useState(false)
  const asking = inContext && !!status && !status.isSignLatest && !consentUnavailable
  const modals = usePopupModals(asking, () => setConsentUnavailable(true))
  const prompting = asking && !!modals
  useEffect(() => {
    if (prompting) markPopupShown()
  }, [prompting])
  if (asking) {
    return modals && status ? <modals.PrivacyConsent brokerUserId={userId} status={status} /> : null
  }
  // A consent check that failed does not lock the user out; it asks again next visit.
  const privacySettled = cached || !inContext || !!status || contracts.isError
  if (!def.tab || !privacySettled) return null
  return (
    <TabPopups
      userId={userId}
      accountId={session.accountId}
      brokerId={session.brokerId}
      pathname={pathname}
    />
  )
}

function TabPopups({
  userId,
  accountId,
  brokerId,
  pathname,
}: {
  userId: number
  accountId: number | null
  brokerId?: number
  pathname: string
}) {
  const scene = pathname.replace(/^\//, '').toUpperCase()
  const [done, setDone] = useState<string[]>(
    () => getStored<string[]>(DONE_KEY, sessionStorage) ?? [],
  )
  const [shown, setShown] = useState(popupShownThisOpen)
  const finish = useCallback((step: string, result: PopupResult | 'SHOWN' = 'PASS') => {
    if (result !== 'PASS') {
      markPopupShown()
      setShown(true)
    }
    setDone((prev) => {
      const next = [...prev, step]
      setStored(DONE_KEY, next, null, sessionStorage)
      return next
    })
  }, [])
  const owner = hasAccount()
  // the home page also has the operation push of the market (发车 and the like), last
  const steps = [
    ...(owner ? ACCOUNT_STEPS : []),
    'noticeConfirm',
    `operation:${scene}`,
    ...(scene === 'HOME' ? ['push:HOME'] : []),
  ]
  const next = shown ? undefined : steps.find((s) => !done.includes(s))

  const onNonAmerican = useCallback((r: PopupResult) => finish('nonAmerican', r), [finish])
  const onPayment = useCallback((r: PopupResult) => finish('paymentResign', r), [finish])
  const onRisk = useCallback((r: PopupResult) => finish('riskExpiry', r), [finish])
  const onNotice = useCallback((r: PopupResult) => finish('noticeConfirm', r), [finish])
  const onOperation = useCallback(
    (r: PopupResult) => finish(`operation:${scene}`, r),
    [finish, scene],
  )
  const onPush = useCallback(
    (wasShown: boolean) => finish('push:HOME', wasShown ? 'SHOWN' : 'PASS'),
    [finish],
  )

  switch (next) {
    case 'nonAmerican':
      return <NonAmericanGlobalStep brokerUserId={userId} onDone={onNonAmerican} />
    case 'paymentResign':
      return (
        <PaymentResignStep
          brokerUserId={userId}
          accountId={accountId}
          pathname={pathname}
          onDone={onPayment}
        />
      )
    case 'riskExpiry':
      return <RiskExpiryStep brokerUserId={userId} onDone={onRisk} />
    case 'noticeConfirm':
      return <NoticeConfirmStep onDone={onNotice} />
    case 'push:HOME':
      return <OperationPush brokerId={brokerId} onDone={onPush} />
    case undefined:
      return null
    default:
      return <OperationStep key={scene} scene={scene} hasAccount={owner} onDone={onOperation} />
  }
}
