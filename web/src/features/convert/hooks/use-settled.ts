import { useEffect, useState } from 'react'

/** A typed value once it has stopped changing for `ms` (the estimate is asked for that one,
 * not for every key). */
export function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
