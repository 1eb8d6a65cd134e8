import { noteServerTime, resetServerClock, serverNow, serverToday } from './server-clock'

describe("the server's clock", () => {
  afterEach(() => resetServerClock())

  it("takes today from the server's answers, not from the phone", () => {
    const phone = Date.parse('2026-11-24T20:00:00+08:00')
    vi.useFakeTimers()
    vi.setSystemTime(phone)
    try {
      expect(serverToday()).toBe('2026-11-24')
      noteServerTime('2026-11-26T09:30:00+08:00', phone)
      expect(serverToday()).toBe('2026-11-26')
      vi.setSystemTime(phone + 60_000)
      expect(serverNow().toISOString()).toBe('2026-11-26T01:31:00.000Z')
      noteServerTime('not a time', phone)
      expect(serverToday()).toBe('2026-11-26')
    } finally {
      vi.useRealTimers()
    }
  })
})
