/**
 * The loading states an error screen clears (docs/product.md#screens-and-routes "The error page
 * hides the loading screen after 5 seconds").
 *
 * Two things read 正在加载...: the start-up screen of index.html (#app-loading), shown until
 * the first screen renders, and the loading toast of a call in flight. An error screen removes
 * the start-up screen as soon as it shows (it is the screen now), and clears a loading toast
 * left by the call that failed 5 s after opening at the latest, so the user is never left
 * looking at a spinner over an error.
 */
import { clearToast } from './toast'

export const ERROR_PAGE_LOADING_HIDE_MS = 5000

export function hideLoadingScreen(doc: Document = document): void {
  const el = doc.getElementById('app-loading')
  if (el) el.remove()
}

/** For an error screen: the start-up screen goes now, any loading toast after `ms`. Returns
 * the cleanup of the timer. */
export function clearLoadingAfter(ms = ERROR_PAGE_LOADING_HIDE_MS): () => void {
  hideLoadingScreen()
  const timer = setTimeout(clearToast, ms)
  return () => clearTimeout(timer)
}
