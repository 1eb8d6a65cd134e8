import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { render } from '@testing-library/react'
import { StoreLinkError } from '@/lib/broker'
import { ChunkLoadError, REFRESH_MARKER_KEY } from '@/lib/chunk'
import { RouteError } from './route-error'

const sent = vi.hoisted(() => [] as { type: string }[])
vi.mock('@/lib/error-report', () => ({
  reporter: { capture: (r: { type: string }) => void sent.push(r) },
}))

function throwing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => {
          throw error
        },
        element: <div />,
        hydrateFallbackElement: <div />,
        errorElement: <RouteError />,
      },
    ],
    { initialEntries: ['/'] },
  )
  render(<RouterProvider router={router} />)
}

describe('route errors', () => {
  it('a chunk failure shows 加载失败了 with 重新加载, which stores the refresh marker', async () => {
    sent.length = 0
    throwing(new ChunkLoadError('/assets/page.js'))
    expect(await screen.findByText('加载失败了')).toBeInTheDocument()
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    screen.getByRole('button', { name: '重新加载' }).click()
    expect(sessionStorage.getItem(REFRESH_MARKER_KEY)).not.toBeNull()
    expect(reload).toHaveBeenCalledOnce()
    await waitFor(() => expect(sent.map((s) => s.type)).toEqual(['chunkError']))
    vi.unstubAllGlobals()
  })

  it('a wrong store link says so and is reported as a link error', async () => {
    sent.length = 0
    throwing(new StoreLinkError())
    expect(await screen.findByText('商户信息传入有误，链接无法打开')).toBeInTheDocument()
    await waitFor(() => expect(sent.map((s) => s.type)).toEqual(['linkError']))
  })

  it('anything else is the load error, reported', async () => {
    sent.length = 0
    throwing(new Error('render bug'))
    expect(await screen.findByText('加载失败，请刷新重试')).toBeInTheDocument()
    await waitFor(() => expect(sent.map((s) => s.type)).toEqual(['jsError']))
  })
})
