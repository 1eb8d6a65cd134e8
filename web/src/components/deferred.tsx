import { useEffect, useState, type ReactNode } from 'react'

/**
 * Draws its children in a task after the one that first drew it, and `fallback` meanwhile
 * (docs/architecture.md#first-load): a long render is cut in two tasks, so neither blocks the
 * phone for long. For what can come a moment later without moving anything on the screen (a
 * screen's body under the header and tab bar, a page's last section).
 */
export function Deferred({
  children,
  fallback = null,
}: {
  children: ReactNode
  fallback?: ReactNode
}) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const draw = setTimeout(() => setReady(true), 0)
    return () => clearTimeout(draw)
  }, [])
  return <>{ready ? children : fallback}</>
}
