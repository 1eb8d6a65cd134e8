import './widgets.css'
import type { ReactNode } from 'react'
import { Button, DotLoading, ErrorBlock, Skeleton } from 'antd-mobile'
import type { UseQueryResult } from '@tanstack/react-query'

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
    <ErrorBlock status="empty" title={emptyTitle} description={emptyDescription ?? ''} />
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
        <ErrorBlock
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
