/**
 * The non-US taxpayer declaration in trade mode (docs/product.md#states): before a trade that needs
 * it, `await ensure({ advisor })` answers PASS when the user has declared, otherwise shows the
 * declaration and answers SUBMIT or CLOSE. Render `element` in the trade page.
 */
import { useCallback, useState, type ReactElement } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { getSession } from '@/lib/session'
import { nonAmericanQuery } from '../api/get-non-american'
import { NonAmericanModal } from '../components/non-american-modal'
import { decideNonAmerican, type PopupResult } from '../rules/non-american'

export function useNonAmericanCheck(): {
  ensure: (options?: { advisor?: boolean }) => Promise<PopupResult>
  element: ReactElement | null
} {
  const queryClient = useQueryClient()
  const [request, setRequest] = useState<{
    userId: number
    advisor: boolean
    resolve: (result: PopupResult) => void
  } | null>(null)

  const ensure = useCallback(
    async ({ advisor = false }: { advisor?: boolean } = {}): Promise<PopupResult> => {
      const session = getSession()
      if (!session) return 'CLOSE'
      const status = await queryClient
        .fetchQuery(nonAmericanQuery(session.brokerUserId))
        .catch(() => null)
      const decision = decideNonAmerican({
        mode: 'trade',
        nonAmerican: status?.nonAmerican,
        hasAccount: status?.hasAccount ?? true,
        brokerExcluded: false,
        records: [],
        now: Date.now(),
      })
      if (decision === 'pass') return 'PASS'
      return new Promise<PopupResult>((resolve) =>
        setRequest({ userId: session.brokerUserId, advisor, resolve }),
      )
    },
    [queryClient],
  )

  const element = request ? (
    <NonAmericanModal
      brokerUserId={request.userId}
      mode="trade"
      advisor={request.advisor}
      onDone={(result) => {
        request.resolve(result)
        setRequest(null)
      }}
    />
  ) : null

  return { ensure, element }
}
