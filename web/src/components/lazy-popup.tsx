import type { ComponentType } from 'react'
import type { PopupProps } from 'antd-mobile'

let LoadedPopup: ComponentType<PopupProps> | null = null
let loading: Promise<void> | null = null

/**
 * Loads antd-mobile's `Popup` (components/popup-impl.ts), once; a failed download is tried again
 * by the next call. Given to `MountWhenShown` as its `load`, so a screen's pop-up kept for a
 * tap brings its code with the first tap, not with the screen (docs/architecture.md#first-load).
 */
export function loadPopup(): Promise<void> {
  loading ??= import('./popup-impl').then(
    (m) => {
      LoadedPopup = m.Popup
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** antd-mobile's `Popup` once `loadPopup` has brought it (under `MountWhenShown` with
 * `load={loadPopup}`, always), nothing before. */
export function LazyPopup(props: PopupProps) {
  return LoadedPopup ? <LoadedPopup {...props} /> : null
}
