import { useEffect, useState, type ReactNode } from 'react'

/**
 * A pop-up (antd-mobile's `Popup`, `ActionSheet`) that a screen keeps for a tap, mounted only
 * once it is first shown (docs/architecture.md#first-load). Mounted hidden, each one sets up its
 * spring and its drag gesture: 6–13 ms of the render of 首页's and 我的's sections on this
 * machine, for sheets most visits never open. The first time `visible` turns true the pop-up is
 * mounted hidden, then shown in the next task, so it slides in as it always did; once shown it
 * stays mounted, so it slides out and its `afterClose` runs.
 */
export function MountWhenShown({
  visible,
  children,
}: {
  visible: boolean
  /** The pop-up, given whether to show it now. */
  children: (visible: boolean) => ReactNode
}) {
  const [shown, setShown] = useState(visible)
  useEffect(() => {
    if (!visible || shown) return
    // shown in a task after the one that mounted it hidden, so its spring starts from hidden
    const show = setTimeout(() => setShown(true), 0)
    return () => clearTimeout(show)
  }, [visible, shown])
  if (!shown && !visible) return null
  return <>{children(visible && shown)}</>
}
