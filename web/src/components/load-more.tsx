import type { ReactNode } from 'react'
import { DotLoading, InfiniteScroll } from 'antd-mobile'

interface PagedQuery {
  hasNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** The foot of a paged list: loads the next page when it scrolls into view (加载中), then says
 * 没有更多了 (or `end`) once the last page is in. */
export function LoadMore({ query, end = '没有更多了' }: { query: PagedQuery; end?: ReactNode }) {
  return (
    <InfiniteScroll
      hasMore={query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage()
      }}
    >
      {(hasMore: boolean) =>
        hasMore ? (
          <>
            <span>加载中</span>
            <DotLoading />
          </>
        ) : (
          <span>{end}</span>
        )
      }
    </InfiniteScroll>
  )
}
