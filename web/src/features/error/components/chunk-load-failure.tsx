import { useEffect } from 'react'
import { createErrorBlock } from 'antd-mobile'
import { disconnectedImage } from 'antd-mobile/es/components/error-block/images/disconnected'
import { markRefresh } from '@/lib/chunk'
import { reporter } from '@/lib/error-report'
import { clearLoadingAfter, ERROR_PAGE_LOADING_HIDE_MS } from '@/lib/loading-screen'
import { ErrorFrame } from './error-frame'

// This screen comes with the first route (it shows when a screen's code cannot be downloaded):
// it carries the one picture it draws, not ErrorBlock's four (docs/architecture.md#first-load).
const DisconnectedBlock = createErrorBlock({ disconnected: disconnectedImage })

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
    <ErrorFrame
      block={DisconnectedBlock}
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
