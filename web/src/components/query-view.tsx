import './widgets.css'
import type { ReactNode } from 'react'
import { Button, createErrorBlock, DotLoading, Skeleton } from 'antd-mobile'
import { emptyImage } from 'antd-mobile/es/components/error-block/images/empty'
import type { UseQueryResult } from '@tanstack/react-query'
import { loadOnce } from '@/lib/load-once'
import { useLoadedWhen } from '@/lib/use-loaded-when'

// The error state's picture comes when a query first fails, not with the screens that use
// QueryView (首页 and 我的 among them); the empty state's is here, and ErrorBlock's two others
// are not taken (docs/architecture.md#first-load).
const errorImage = loadOnce(() => import('antd-mobile/es/components/error-block/images/default'))

/** The error state's picture once it has arrived: its box (the block's image height) is there
 * meanwhile, so nothing moves; if it cannot be downloaded the state shows without it. */
function ErrorImage() {
  const image = useLoadedWhen(errorImage, true, () => undefined)
  return image?.defaultImage ?? null
}

/** antd-mobile's ErrorBlock with the empty state's picture and the error state's (brought on error):
 * the empty and error states of the screens that come early. */
export const StateBlock = createErrorBlock({ empty: emptyImage, default: <ErrorImage /> })

interface Props<T> {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
  /** When the data holds nothing to show: the empty state replaces the children. */
  isEmpty?: (data: T) => boolean
  /** The whole empty state, or just its title and description. */
  empty?: ReactNode
  emptyTitle?: string
  emptyDescription?: string
  /** Shown while loading instead of the default (正在加载...). */
  loading?: ReactNode
  /** Load as a skeleton of this many rows (for lists and forms) instead of the dots. */
  rows?: number
}

/** One query's states around what its data shows: loading, error (加载失败，请刷新重试 with
 * 重试 and the server's Chinese message, docs/product.md#screens-and-routes texts), empty, and a
 * disabled query (what it needs, such as an id in the address, is missing) shown as empty. */
export function QueryView<T>({
  query,
  children,
  isEmpty,
  empty,
  emptyTitle = '暂无数据',
  emptyDescription,
  loading,
  rows,
}: Props<T>) {
  const emptyState = empty ?? (
    <StateBlock status="empty" title={emptyTitle} description={emptyDescription ?? ''} />
  )
  if (query.isPending && query.fetchStatus === 'idle') return <>{emptyState}</>
  if (query.isPending) {
    if (loading) return <>{loading}</>
    if (rows) {
      return (
        <div className="query-view__loading" role="status" aria-label="正在加载">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={rows} animated />
        </div>
      )
    }
    return (
      <div className="query-loading" role="status">
        <DotLoading color="primary" />
        <span>正在加载...</span>
      </div>
    )
  }
  if (query.isError) {
    return (
      <div className="query-error">
        <StateBlock
          status="default"
          title="加载失败，请刷新重试"
          description={query.error.message}
        />
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
          重试
        </Button>
      </div>
    )
  }
  if (isEmpty?.(query.data)) return <>{emptyState}</>
  return <>{children(query.data)}</>
}
