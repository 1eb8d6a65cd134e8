import type { ActionSheetProps, DialogAlertProps, PopupProps } from 'antd-mobile'
import { loadOnce } from '@/lib/load-once'

const popupCode = loadOnce(() => import('./popup-impl'))

/**
 * Loads antd-mobile's pop-ups (`Popup`, `ActionSheet`, `Dialog`: components/popup-impl.ts), once;
 * a failed download is tried again by the next call. Given to `MountWhenShown` as its `load`, so
 * a screen's pop-up kept for a tap brings its code with the first tap, not with the screen
 * (docs/architecture.md#first-load).
 */
export function loadPopup(): Promise<void> {
  return popupCode.load().then(() => undefined)
}

/** antd-mobile's `Popup` once `loadPopup` has brought it (under `MountWhenShown` with
 * `load={loadPopup}`, always), nothing before. */
export function LazyPopup(props: PopupProps) {
  const code = popupCode.loaded()
  return code ? <code.Popup {...props} /> : null
}

/** antd-mobile's `ActionSheet`, as `LazyPopup`. */
export function LazyActionSheet(props: ActionSheetProps) {
  const code = popupCode.loaded()
  return code ? <code.ActionSheet {...props} /> : null
}

/** antd-mobile's `Dialog.alert`, its code brought first: if it cannot be downloaded nothing
 * shows, and the next call tries again. Resolves when the alert is closed. */
export function showAlert(props: DialogAlertProps): Promise<void> {
  return popupCode.load().then(
    (code) => code.Dialog.alert(props),
    () => undefined,
  )
}
