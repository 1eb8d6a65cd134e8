import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from './load-once'

describe('loadOnce', () => {
  it('downloads once, however many ask, and keeps the module', async () => {
    const importer = vi.fn(() => Promise.resolve({ value: 1 }))
    const code = loadOnce(importer)
    expect(code.loaded()).toBeNull()
    const [a, b] = await Promise.all([code.load(), code.load()])
    expect(a).toBe(b)
    await code.load()
    expect(importer).toHaveBeenCalledTimes(1)
    expect(code.loaded()).toEqual({ value: 1 })
  })

  it('tries a failed download again on the next call', async () => {
    const importer = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ value: 2 })
    const code = loadOnce(importer)
    await expect(code.load()).rejects.toThrow(TypeError)
    expect(code.loaded()).toBeNull()
    await expect(code.load()).resolves.toEqual({ value: 2 })
    expect(importer).toHaveBeenCalledTimes(2)
    expect(code.loaded()).toEqual({ value: 2 })
  })
})
