/** Render a component as the app does: query client, router (in memory) and the antd-mobile
 * locale. The element is the screen of the given path; other paths show "page:<path>". */
import type { ReactElement } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { createQueryClient } from '@/lib/query-client'

function Elsewhere() {
  const location = useLocation()
  return <div data-testid="elsewhere">{`page:${location.pathname}${location.search}`}</div>
}

export function renderAt(element: ReactElement, options: { path?: string; at?: string } = {}) {
  const path = options.path ?? '/'
  const at = options.at ?? path
  const queryClient = createQueryClient()
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  )
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...view, router, queryClient }
}
