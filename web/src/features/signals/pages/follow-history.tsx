/**
 * 跟车记录 (poSignal/followHistory and signalAutoFollowRecord; poCode, followPlanId or neither):
 * every automatic follow, newest first, paged as the list scrolls — the signal's day and product,
 * base × multiple = amount (or the part sold), the order's status or the reason the follow
 * failed, and the way to the order.
 */
import { useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { useFollowHistory } from '../api/get-follow-history'
import { FollowRecordRow } from '../components/follow-record-row'
import { SIGNAL_TEXTS } from '../lib/texts'
import '../signals.css'

export default function FollowHistoryPage() {
  const [params] = useSearchParams()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? undefined
  const followPlanId = Number(params.get('followPlanId')) || undefined
  const financialAccountId = Number(params.get('financialAccountId')) || undefined
  const history = useFollowHistory({ poCode, followPlanId, financialAccountId })
  return (
    <div className="sig-page" data-testid="follow-history">
      <QueryView
        query={history}
        rows={6}
        emptyTitle={SIGNAL_TEXTS.noFollows}
        isEmpty={(d) => d.pages.every((p) => p.list.length === 0)}
      >
        {(d) => (
          <div className="sig-list">
            {d.pages
              .flatMap((p) => p.list)
              .map((r) => (
                <FollowRecordRow key={r.recordId} record={r} />
              ))}
            <LoadMore query={history} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
