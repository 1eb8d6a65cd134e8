/**
 * Toasts with the defaults of docs/product.md#constants: a message shows for 3 s; the loading toast
 * reads 正在加载... and stays up to 60 s (until the call it covers ends).
 *
 * antd-mobile's Toast (with its animation library) is loaded on the first toast rather than with
 * the first screen (docs/architecture.md#first-load); toasts asked for meanwhile show, in order,
 * once it is there.
 */
import type { Toast as ToastApi } from 'antd-mobile'
import { loadOnce } from './load-once'

export const TOAST_DURATION_MS = 3000
export const LOADING_TOAST_DURATION_MS = 60_000
export const LOADING_TEXT = '正在加载...'

const toastCode = loadOnce(() => import('./toast-impl'))

/** Load the Toast now (the app does so once the first screen is up: app/router.tsx, so that a
 * toast shows even when the network is gone by then). A failed download is tried again by the
 * next toast. */
export function loadToast(): Promise<typeof ToastApi> {
  return toastCode.load().then((m) => m.Toast)
}

function withToast(act: (toast: typeof ToastApi) => void): void {
  const loaded = toastCode.loaded()
  if (loaded) act(loaded.Toast)
  else void loadToast().then(act)
}

export function showToast(content: string, duration = TOAST_DURATION_MS): void {
  withToast((t) => t.show({ content, duration }))
}

export function showFailToast(content: string, duration = TOAST_DURATION_MS): void {
  withToast((t) => t.show({ content, icon: 'fail', duration }))
}

export function showSuccessToast(content: string, duration = TOAST_DURATION_MS): void {
  withToast((t) => t.show({ content, icon: 'success', duration }))
}

let loadingCount = 0

/** Show the loading toast; the returned function hides it again once every caller that
 * showed it has finished. */
export function showLoading(
  content: string = LOADING_TEXT,
  duration = LOADING_TOAST_DURATION_MS,
): () => void {
  loadingCount += 1
  withToast((t) => t.show({ content, icon: 'loading', duration, maskClickable: false }))
  let done = false
  return () => {
    if (done) return
    done = true
    loadingCount = Math.max(0, loadingCount - 1)
    if (loadingCount === 0) withToast((t) => t.clear())
  }
}

/** Take down whatever toast shows (an error screen clears a loading toast left behind). */
export function clearToast(): void {
  withToast((t) => t.clear())
}
