import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type LoadOnce, loadOnce } from './load-once'
import { useLoadedWhen } from './use-loaded-when'

function Shows({
  code,
  wanted,
  onError = () => {},
}: {
  code: LoadOnce<{ text: string }>
  wanted: boolean
  onError?: () => void
}) {
  const module = useLoadedWhen(code, wanted, onError)
  return <p>{module ? module.text : 'nothing'}</p>
}

describe('useLoadedWhen (docs/architecture.md#first-load)', () => {
  it('downloads nothing until wanted, then shows the module once it has arrived', async () => {
    const importer = vi.fn(() => Promise.resolve({ text: '弹窗' }))
    const code = loadOnce(importer)
    const { rerender } = render(<Shows code={code} wanted={false} />)
    expect(screen.getByText('nothing')).toBeTruthy()
    expect(importer).not.toHaveBeenCalled()
    rerender(<Shows code={code} wanted />)
    expect(await screen.findByText('弹窗')).toBeTruthy()
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it('has a module already downloaded at once', async () => {
    const code = loadOnce(() => Promise.resolve({ text: '弹窗' }))
    await code.load()
    render(<Shows code={code} wanted={false} />)
    expect(screen.getByText('弹窗')).toBeTruthy()
  })

  it('tells a failed download, and the next wanted tries again', async () => {
    const importer = vi
      .fn<() => Promise<{ text: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ text: '弹窗' })
    const code = loadOnce(importer)
    const onError = vi.fn()
    const first = render(<Shows code={code} wanted onError={onError} />)
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    expect(screen.getByText('nothing')).toBeTruthy()
    first.unmount()
    render(<Shows code={code} wanted onError={onError} />)
    expect(await screen.findByText('弹窗')).toBeTruthy()
    expect(onError).toHaveBeenCalledTimes(1)
  })
})
