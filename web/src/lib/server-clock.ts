/**
 * The app's clock as the server keeps it (every API answer names it in `X-Server-Time`): the
 * demo world can move it ahead of the phone's clock, and a phone's clock can be wrong. "Today"
 * wherever a date is compared (the profit calendar, an order's timeline, a pop-up's day) comes
 * from here, never from the phone.
 */

let offsetMs = 0

/** Note the server's time of an answer received at `receivedAt` (ms). */
export function noteServerTime(header: string | null | undefined, receivedAt = Date.now()): void {
  if (!header) return
  const server = Date.parse(header)
  if (Number.isFinite(server)) offsetMs = server - receivedAt
}

/** Now by the server's clock. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs)
}

/** A day in Beijing time as "YYYY-MM-DD" (dates of orders and profits are Beijing dates). */
export function beijingDate(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment)
}

/** Today in Beijing by the server's clock. */
export function serverToday(): string {
  return beijingDate(serverNow())
}

/** Forget the offset (tests). */
export function resetServerClock(): void {
  offsetMs = 0
}
