import { useEffect, useRef, useState } from 'react'
import type { LoadOnce } from './load-once'

/**
 * The module of `code` once `wanted` has been true and the module has arrived, null before: a
 * component that shows a pop-up only when its rule says so brings the pop-up's code then, not
 * with the screen (docs/architecture.md#first-load). A failed download calls `onError` (the
 * caller skips the pop-up, as it does when its call fails); a later `wanted` tries again.
 */
export function useLoadedWhen<M>(
  code: LoadOnce<M>,
  wanted: boolean,
  onError: () => void,
): M | null {
  const [module, setModule] = useState<M | null>(code.loaded)
  const failed = useRef(onError)
  useEffect(() => {
    failed.current = onError
  })
  useEffect(() => {
    if (!wanted || module) return
    let live = true
    code.load().then(
      (m) => live && setModule(() => m),
      () => live && failed.current(),
    )
    return () => {
      live = false
    }
  }, [wanted, module, code])
  return module
}
