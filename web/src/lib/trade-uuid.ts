/**
 * The tradeUUID of trade calls (docs/api.md#transport, docs/architecture.md#transport): generated
 * once per trade page and sent with its trade write, so a repeated tap, a retry or a resent request
 * on that page makes one order, never two. After a finished order the page takes a new one.
 */
import { useCallback, useState } from 'react'
import { newUUID } from './terminal'

export function useTradeUUID(): { tradeUUID: string; renew: () => void } {
  const [tradeUUID, setTradeUUID] = useState(newUUID)
  const renew = useCallback(() => setTradeUUID(newUUID()), [])
  return { tradeUUID, renew }
}
