import { useEffect, useState, type ReactNode } from 'react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Popup } from 'antd-mobile'
import { describe, expect, it, vi } from 'vitest'
import { LazyPopup, loadPopup } from './lazy-popup'
import { MountWhenShown } from './mount-when-shown'

/** A pop-up that records each mount and the `visible` of each render. */
function Recorder({ visible, log }: { visible: boolean; log: string[] }) {
  useEffect(() => {
    log.push('mount')
  }, [log])
  log.push(String(visible))
  return visible ? <div>sheet</div> : null
}

function Screen({ log, initial = false }: { log: string[]; initial?: boolean }) {
  const [open, setOpen] = useState(initial)
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>
        toggle
      </button>
      <MountWhenShown visible={open}>
        {(shown) => <Recorder visible={shown} log={log} />}
      </MountWhenShown>
    </>
  )
}

/** A screen whose pop-up's code is brought by `load`; its button opens it. */
function LoadedSheet({
  load,
  children,
}: {
  load: () => Promise<void>
  children: (visible: boolean) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <MountWhenShown visible={open} load={load} onLoadError={() => setOpen(false)}>
        {children}
      </MountWhenShown>
    </>
  )
}

describe('MountWhenShown', () => {
  it('mounts nothing while the pop-up was never shown', () => {
    const log: string[] = []
    const { rerender } = render(<Screen log={log} />)
    rerender(<Screen log={log} />)
    expect(log).toEqual([])
  })

  it('mounts the pop-up hidden when first shown, then shows it in the next task', async () => {
    const log: string[] = []
    render(<Screen log={log} />)
    fireEvent.click(screen.getByText('toggle'))
    await screen.findByText('sheet')
    expect(log.filter((e) => e !== 'mount').slice(0, 2)).toEqual(['false', 'true'])
    expect(log.indexOf('mount')).toBe(1)
  })

  it('keeps the pop-up mounted once it was shown, so it can slide out', async () => {
    const log: string[] = []
    render(<Screen log={log} />)
    fireEvent.click(screen.getByText('toggle'))
    await screen.findByText('sheet')
    fireEvent.click(screen.getByText('toggle'))
    await waitFor(() => expect(screen.queryByText('sheet')).toBeNull())
    expect(log.filter((e) => e === 'mount')).toHaveLength(1)
    expect(log[log.length - 1]).toBe('false')
  })

  it('shows a pop-up asked for from the start at once', () => {
    const log: string[] = []
    render(<Screen log={log} initial />)
    expect(screen.getByText('sheet')).toBeTruthy()
    expect(log[0]).toBe('true')
  })

  it('with `load`, mounts the pop-up once its code is there, hidden, then shows it', async () => {
    const log: string[] = []
    let arrive!: () => void
    const load = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)))
    render(
      <LoadedSheet load={load}>{(shown) => <Recorder visible={shown} log={log} />}</LoadedSheet>,
    )
    // nothing asked for while the pop-up was never shown
    expect(load).not.toHaveBeenCalled()
    fireEvent.click(screen.getByText('open'))
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 10))
    expect(log).toEqual([])
    arrive()
    await screen.findByText('sheet')
    expect(log.filter((e) => e !== 'mount').slice(0, 2)).toEqual(['false', 'true'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('with `load` failing, lets the screen close it, the next tap trying again', async () => {
    const load = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce()
    const log: string[] = []
    render(
      <LoadedSheet load={load}>{(shown) => <Recorder visible={shown} log={log} />}</LoadedSheet>,
    )
    fireEvent.click(screen.getByText('open'))
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await new Promise((r) => setTimeout(r, 10))
    expect(screen.queryByText('sheet')).toBeNull()
    fireEvent.click(screen.getByText('open'))
    await screen.findByText('sheet')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("opens antd-mobile's Popup brought by loadPopup (LazyPopup)", async () => {
    const afterShow = vi.fn()
    render(
      <LoadedSheet load={loadPopup}>
        {(shown) => (
          <LazyPopup visible={shown} afterShow={afterShow}>
            公告
          </LazyPopup>
        )}
      </LoadedSheet>,
    )
    fireEvent.click(screen.getByText('open'))
    await screen.findByText('公告')
    await waitFor(() => expect(afterShow).toHaveBeenCalledTimes(1))
  })

  it("opens and closes antd-mobile's Popup with its callbacks", async () => {
    const afterShow = vi.fn()
    const afterClose = vi.fn()
    function Sheet() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            toggle
          </button>
          <MountWhenShown visible={open}>
            {(shown) => (
              <Popup visible={shown} afterShow={afterShow} afterClose={afterClose}>
                筛选
              </Popup>
            )}
          </MountWhenShown>
        </>
      )
    }
    render(<Sheet />)
    expect(screen.queryByText('筛选')).toBeNull()
    fireEvent.click(screen.getByText('toggle'))
    await screen.findByText('筛选')
    await waitFor(() => expect(afterShow).toHaveBeenCalledTimes(1))
    fireEvent.click(screen.getByText('toggle'))
    await waitFor(() => expect(afterClose).toHaveBeenCalledTimes(1))
  })
})
