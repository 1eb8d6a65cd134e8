import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { StoreLinkError, STORE_LINK_ERROR } from '@/lib/broker'
import { isChunkLoadError } from '@/lib/chunk'
import { reporter } from '@/lib/error-report'
import { clearLoadingAfter, ERROR_PAGE_LOADING_HIDE_MS } from '@/lib/loading-screen'
import { ChunkLoadFailure } from './chunk-load-failure'
import { ErrorView } from './error-view'

/** What a route shows when it fails: the chunk-load failure screen, the wrong-store-link
 * block, or the load error with 重试 for anything else. Each is reported. */
export function RouteError() {
  const error = useRouteError()
  const storeLink = error instanceof StoreLinkError
  const chunk = isChunkLoadError(error)
  useEffect(() => {
    if (chunk) return // reported (and the loading screen hidden) by the chunk screen
    const stop = clearLoadingAfter(ERROR_PAGE_LOADING_HIDE_MS)
    reporter.capture(
      storeLink
        ? { type: 'linkError', name: 'StoreLinkError', message: STORE_LINK_ERROR }
        : {
            type: 'jsError',
            name: error instanceof Error ? error.name : 'RouteError',
            message: error instanceof Error ? error.message : String(error),
            stack: error instanceof Error ? error.stack : undefined,
          },
    )
    return stop
  }, [error, chunk, storeLink])
  if (chunk) return <ChunkLoadFailure error={error} />
  if (storeLink) {
    return (
      <ErrorView
        status="empty"
        title={STORE_LINK_ERROR}
        description="请联系您的客户经理获取正确的链接"
      />
    )
  }
  return (
    <ErrorView
      title="加载失败，请刷新重试"
      description="页面出了点问题，请重新加载"
      action={{ text: '重试', onClick: () => window.location.reload() }}
    />
  )
}
