import { post } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { withTerminal } from '@/lib/terminal'

/** Record a traced step of the signed-in user (POST /tamp/traceLogs); failures are quiet. */
export async function saveTraceLog(event: string, trace: Record<string, unknown> = {}) {
  const session = getSession()
  if (!session) return
  const body = await withTerminal({ brokerUserId: session.brokerUserId, event })
  await post(
    '/tamp/traceLogs',
    { ...body, traceInfo: { ...body.traceInfo, ...trace } },
    { quiet: true, keepCache: true },
  ).catch(() => undefined)
}
