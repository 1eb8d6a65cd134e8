/**
 * 历史发车 (poSignalHistory and signalDepartureHistory, poCode): every signal of a signal product,
 * newest first, paged as the list scrolls: the day, 1.5倍 or 卖出30% with its band, the start of
 * the description; a tap opens the signal. The caller's follow plan is a tap away (跟车设置).
 */
import { useNavigate, useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { QueryView } from '@/components/query-view'
import { useSignalPages } from '../api/get-signals'
import { SignalRow } from '../components/signal-row'
import { followSettingPath } from '../lib/paths'
import { SIGNAL_TEXTS } from '../lib/texts'
import '../signals.css'

export default function SignalHistoryPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const poCode = params.get('poCode') ?? params.get('productCode') ?? ''
  const pages = useSignalPages(poCode)
  const head = pages.data?.pages[0]
  return (
    <div className="sig-page" data-testid="signal-history">
      {head && (
        <div className="sig-head">
          <div>
            <div className="sig-head__name">{head.productName}</div>
            <div className="sig-muted">
              主理人 {head.managerName} · 共发车{head.total}次
            </div>
          </div>
          <a
            className="sig-link"
            role="link"
            onClick={() =>
              navigate(followSettingPath(poCode, Number(params.get('financialAccountId')) || null))
            }
          >
            跟车设置 ›
          </a>
        </div>
      )}
      <QueryView
        query={pages}
        rows={6}
        emptyTitle={SIGNAL_TEXTS.noSignals}
        isEmpty={(d) => d.pages.every((p) => p.list.length === 0)}
      >
        {(d) => (
          <div className="sig-list">
            {d.pages
              .flatMap((p) => p.list)
              .map((s) => (
                <SignalRow key={s.sigId} poCode={poCode} signal={s} />
              ))}
            <LoadMore query={pages} />
          </div>
        )}
      </QueryView>
    </div>
  )
}
