import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * A pop-up (antd-mobile's `Popup`, `ActionSheet`) that a screen keeps for a tap, mounted only
 * once it is first shown (docs/architecture.md#first-load). Mounted hidden, each one sets up its
 * spring and its drag gesture: 6–13 ms of the render of 首页's and 我的's sections on this
 * machine, for sheets most visits never open. The first time `visible` turns true the pop-up is
 * mounted hidden, then shown in the next task, so it slides in as it always did; once shown it
 * stays mounted, so it slides out and its `afterClose` runs. With `load`, the pop-up's code is
 * brought first (`loadPopup` of components/lazy-popup.tsx), so it is not part of the screen's;
 * if it cannot be downloaded, `onLoadError` lets the screen mark the pop-up closed, so that the
 * next tap tries again.
 */
export function MountWhenShown({
  visible,
  load,
  onLoadError,
  children,
}: {
  visible: boolean
  /** Brings the pop-up's code; the pop-up is mounted once it has. */
  load?: () => Promise<void>
  /** The pop-up's code could not be downloaded (the screen closes it). */
  onLoadError?: () => void
  /** The pop-up, given whether to show it now. */
  children: (visible: boolean) => ReactNode
}) {
  const [loaded, setLoaded] = useState(!load)
  const failed = useRef(onLoadError)
  useEffect(() => {
    failed.current = onLoadError
  })
  const [shown, setShown] = useState(visible && !load)
  useEffect(() => {
    if (!visible || loaded || !load) return
    let live = true
    load().then(
      () => live && setLoaded(true),
      () => live && failed.current?.(),
    )
    return () => {
      live = false
    }
  }, [visible, loaded, load])
  useEffect(() => {
    if (!visible || !loaded || shown) return
    // shown in a task after the one that mounted it hidden, so its spring starts from hidden
    const show = setTimeout(() => setShown(true), 0)
    return () => clearTimeout(show)
  }, [visible, loaded, shown])
  if (!loaded || (!shown && !visible)) return null
  return <>{children(visible && shown)}</>
}
