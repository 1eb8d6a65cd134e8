import { useEffect } from 'react'
import { markRefresh } from '@/lib/chunk'
import { reporter } from '@/lib/error-report'
import { clearLoadingAfter, ERROR_PAGE_LOADING_HIDE_MS } from '@/lib/loading-screen'
import { ErrorView } from './error-view'

/** A screen's code could not be downloaded, even after 3 retries
 * (docs/product.md#screens-and-routes): 加载失败了 with 重新加载, which stores the refresh marker and
 * reloads the page. */
export function ChunkLoadFailure({ error }: { error: unknown }) {
  useEffect(() => {
    reporter.capture({
      type: 'chunkError',
      name: 'ChunkLoadError',
      message: error instanceof Error ? error.message : String(error),
    })
    return clearLoadingAfter(ERROR_PAGE_LOADING_HIDE_MS)
  }, [error])
  return (
    <ErrorView
      status="disconnected"
      title="加载失败了"
      description="网络不稳定或应用刚刚更新，请重新加载"
      action={{
        text: '重新加载',
        onClick: () => {
          markRefresh()
          window.location.reload()
        },
      }}
    />
  )
}
