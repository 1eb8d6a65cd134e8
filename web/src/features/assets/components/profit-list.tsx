import { LoadMore } from '@/components/load-more'
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query'
import { QueryView } from '@/components/query-view'
import { formatSigned, trendColor } from '@/lib/format'
import type { DailyProfitPage } from '../api/types'

/** Daily profits, newest first, loading the next page at the bottom (收益明细). */
export function ProfitList({
  query,
}: {
  query: UseInfiniteQueryResult<InfiniteData<DailyProfitPage>>
}) {
  const rows = query.data?.pages.flatMap((p) => p.content) ?? []
  return (
    <QueryView
      query={query}
      rows={8}
      isEmpty={(d) => d.pages[0].content.length === 0}
      emptyTitle="暂无收益明细"
    >
      {() => (
        <div className="asset-rows">
          <div className="asset-rows__row asset-rows__row--head">
            <span>日期</span>
            <span>收益（元）</span>
          </div>
          {rows.map((r) => (
            <div key={r.date} className="asset-rows__row" data-testid="profit-row">
              <span>{r.date}</span>
              <strong style={{ color: trendColor(r.profit) }}>{formatSigned(r.profit)}</strong>
            </div>
          ))}
          <LoadMore query={query} />
        </div>
      )}
    </QueryView>
  )
}
