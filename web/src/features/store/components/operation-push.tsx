import { serverToday } from '@/lib/server-clock'
import { useEffect, useRef, useState } from 'react'
import { loadOnce } from '@/lib/load-once'
import { useLoadedWhen } from '@/lib/use-loaded-when'
import { useOperationPush } from '../api/get-operation-push'
import { useOpenLink } from './banner'

const SEEN_PREFIX = 'opentamp.push.'

// The pop-up (antd-mobile's CenterPopup, with the mask, spring and gesture code) comes once a
// push is to show, not with every visit to 首页 (docs/architecture.md#first-load).
const cardCode = loadOnce(() => import('./operation-push-card'))

/** Whether a push may show now: ONCE pushes once per device, DAILY ones once a day. */
export function mayShowPush(
  push: { id: number; frequency: string },
  today: string,
  storage: Storage = localStorage,
): boolean {
  const seen = storage.getItem(SEEN_PREFIX + push.id)
  if (!seen) return true
  return push.frequency === 'DAILY' && seen !== today
}

export function markPushShown(id: number, today: string, storage: Storage = localStorage): void {
  storage.setItem(SEEN_PREFIX + id, today)
}

/** The operation push of the home page (/noauth/push/getOperationPush): one step of the app's
 * pop-up queue (features/popups PopupHost), which shows it to a signed-in user on 首页 after
 * the privacy consent and the account prompts, one pop-up at a time. `onDone(false)` is called
 * when there is nothing to show (no push, or already seen by its frequency), `onDone(true)`
 * when it was shown and is closed; a pop-up whose code cannot be downloaded is not shown
 * (`onDone(false)`), as when the call fails. */
export function OperationPush({
  brokerId,
  onDone,
}: {
  brokerId?: number
  onDone: (shown: boolean) => void
}) {
  const query = useOperationPush({ brokerId })
  const open = useOpenLink()
  const push = query.data?.push
  const today = serverToday()
  // decided once per push: showing it records it, so a re-render does not hide it again
  const [decision, setDecision] = useState<{ id: number; show: boolean } | null>(null)
  if (push && decision?.id !== push.id) setDecision({ id: push.id, show: mayShowPush(push, today) })
  const wanted = !!push && decision?.id === push.id && decision.show
  const reported = useRef(false)
  const card = useLoadedWhen(cardCode, wanted, () => {
    if (reported.current) return
    reported.current = true
    onDone(false)
  })
  const show = wanted && !!card
  const settled = !query.isPending && (!push || (decision?.id === push.id && !decision.show))
  useEffect(() => {
    if (push && show) markPushShown(push.id, today)
  }, [push, show, today])
  useEffect(() => {
    if ((settled || query.isError) && !reported.current) {
      reported.current = true
      onDone(false)
    }
  }, [settled, query.isError, onDone])
  if (!push || !show || !card) return null
  const close = () => {
    reported.current = true
    onDone(true)
  }
  return (
    <card.OperationPushCard
      push={push}
      onClose={close}
      onOpen={() => {
        close()
        open(push.link, push.title)
      }}
    />
  )
}
