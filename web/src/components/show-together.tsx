import './widgets.css'
import { useEffect, useState, type ReactNode } from 'react'
import { useIsFetching, useQueryClient, type Query } from '@tanstack/react-query'

/** The longest sections stay behind their skeleton waiting for each other. */
export const SHOW_TOGETHER_WAIT_MS = 3000

/**
 * Sections whose answers arrive one by one, shown together (docs/architecture.md#first-load):
 * they are drawn at once (so their calls start) but out of the flow and invisible, behind the
 * skeleton, until `ready` and no call that `calls` names is fetching (or SHOW_TOGETHER_WAIT_MS
 * has passed since `ready`). No section then moves another as its answer arrives. Later
 * fetches (a refresh, 更多) change nothing.
 */
export function ShowTogether({
  calls,
  ready = true,
  skeleton,
  children,
}: {
  /** The calls to wait for, by query key. */
  calls: (queryKey: readonly unknown[]) => boolean
  /** What the sections need before they can even start their calls (a page configuration). */
  ready?: boolean
  skeleton: ReactNode
  children: ReactNode
}) {
  const client = useQueryClient()
  const predicate = (query: Query) => calls(query.queryKey)
  const fetching = useIsFetching({ predicate })
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (shown || !ready) return
    // read the cache itself once the sections' own effects have started their calls
    const check = setTimeout(() => {
      if (client.isFetching({ predicate: (q) => calls(q.queryKey) }) === 0) setShown(true)
    }, 0)
    return () => clearTimeout(check)
  }, [client, calls, ready, fetching, shown])
  // The wait counts from `ready`, when the sections' calls can start: a slow page
  // configuration does not eat into their time and let them move each other after all.
  useEffect(() => {
    if (!ready) return
    const timer = setTimeout(() => setShown(true), SHOW_TOGETHER_WAIT_MS)
    return () => clearTimeout(timer)
  }, [ready])
  return (
    <>
      {!shown && skeleton}
      <div className={shown ? undefined : 'show-together__pending'} aria-hidden={!shown}>
        {children}
      </div>
    </>
  )
}
