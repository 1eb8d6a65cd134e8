/**
 * Leaving the H5 app for the app that hosts it (docs/product.md#screens-and-routes custom error
 * type 返回, docs/api.md#messages-and-codes ): a mini program goes back a page; the provider's app is
 * asked to close the web view. When no way back exists the user is told 请返回重试.
 */
import { detectEnvironment } from './env'
import { isInApp } from './entry'
import { navigateTo } from './navigation'
import { showFailToast } from './toast'

/** Native actions wait this long, so the bridge is not called while a toast animates. */
export const NATIVE_ACTION_DELAY_MS = 200

interface HostWindow {
  wx?: { miniProgram?: { navigateBack?: (o?: object) => void } }
  OpenTampBridge?: { close?: () => void }
  ReactNativeWebView?: { postMessage: (message: string) => void }
}

/** Close the web view through the host; false when the host offers no way. */
export function closeWebView(win: HostWindow = window as unknown as HostWindow): boolean {
  if (detectEnvironment() === 'miniProgram' && win.wx?.miniProgram?.navigateBack) {
    win.wx.miniProgram.navigateBack({ delta: 1 })
    return true
  }
  if (win.OpenTampBridge?.close) {
    win.OpenTampBridge.close()
    return true
  }
  if (win.ReactNativeWebView) {
    win.ReactNativeWebView.postMessage(JSON.stringify({ action: 'close' }))
    return true
  }
  return false
}

/** Back to the host app; in a plain browser, back to the app's home. */
export function backToApp(): void {
  setTimeout(() => {
    if (closeWebView()) return
    if (isInApp()) showFailToast('请返回重试')
    else navigateTo('/home', { replace: true })
  }, NATIVE_ACTION_DELAY_MS)
}
