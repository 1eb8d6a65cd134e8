/**
 * Resolve the broker of this visit once (docs/product.md#entities "Broker info (stored locally)",
 * docs/product.md#validation store-link check): a store link's parameters are completed by the
 * server; a plain link takes the platform's default team; a stored broker from an earlier visit is
 * kept when the link names none. The team's name, logo and theme colour are stored with it.
 */
import { getBrokerInfo, setBrokerInfo, STORE_LINK_ERROR, type BrokerInfo } from '@/lib/broker'
import { getEntry } from '@/lib/entry'
import { reporter } from '@/lib/error-report'
import { applyThemeColor } from '@/lib/theme'
import { exchangeTeamParam } from '../api/exchange-team-param'
import { getTeamDetail } from '../api/get-team-detail'

let pending: Promise<BrokerInfo | null> | null = null

function sameLink(info: BrokerInfo, q: Record<string, string>): boolean {
  return (
    (!q.teamId || String(info.teamId) === q.teamId) &&
    (!q.mid || info.mid === q.mid) &&
    (!q.brokerId || String(info.brokerId) === q.brokerId)
  )
}

async function resolve(): Promise<BrokerInfo | null> {
  const q = getEntry()?.query ?? {}
  const given = { teamId: q.teamId, mid: q.mid, brokerId: q.brokerId }
  const stored = getBrokerInfo()
  const named = !!(given.teamId || given.mid || given.brokerId)
  if (stored && (!named || sameLink(stored, q))) {
    applyThemeColor(stored.themeColor)
    return stored
  }
  try {
    const team = await exchangeTeamParam(given)
    const detail = await getTeamDetail(team.teamId).catch(() => null)
    const info: BrokerInfo = {
      brokerId: team.brokerId,
      teamId: team.teamId,
      mid: team.mid,
      name: detail?.name ?? team.teamName,
      logo: detail?.logo,
      themeColor: detail?.theme.color,
    }
    setBrokerInfo(info)
    applyThemeColor(info.themeColor)
    return info
  } catch (error) {
    if (named) {
      reporter.capture({
        type: 'linkError',
        name: 'StoreLinkError',
        message: `${STORE_LINK_ERROR}: ${JSON.stringify(given)}`,
        extra: { error: error instanceof Error ? error.message : String(error) },
      })
    }
    return null
  }
}

export function ensureBrokerInfo(): Promise<BrokerInfo | null> {
  pending ??= resolve()
  return pending
}

/** Forget the resolution (tests). */
export function resetBrokerInfoResolution(): void {
  pending = null
}
