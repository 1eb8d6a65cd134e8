/**
 * Toasts with the defaults of docs/product.md#constants: a message shows for 3 s; the loading toast
 * reads 正在加载... and stays up to 60 s (until the call it covers ends).
 */
import { Toast } from 'antd-mobile'

export const TOAST_DURATION_MS = 3000
export const LOADING_TOAST_DURATION_MS = 60_000
export const LOADING_TEXT = '正在加载...'

export function showToast(content: string, duration = TOAST_DURATION_MS): void {
  Toast.show({ content, duration })
}

export function showFailToast(content: string, duration = TOAST_DURATION_MS): void {
  Toast.show({ content, icon: 'fail', duration })
}

export function showSuccessToast(content: string, duration = TOAST_DURATION_MS): void {
  Toast.show({ content, icon: 'success', duration })
}

let loadingCount = 0

/** Show the loading toast; the returned function hides it again once every caller that
 * showed it has finished. */
export function showLoading(
  content: string = LOADING_TEXT,
  duration = LOADING_TOAST_DURATION_MS,
): () => void {
  loadingCount += 1
  Toast.show({ content, icon: 'loading', duration, maskClickable: false })
  let done = false
  return () => {
    if (done) return
    done = true
    loadingCount = Math.max(0, loadingCount - 1)
    if (loadingCount === 0) Toast.clear()
  }
}
