import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { QueryView } from './query-view'

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>)
}

function Probe({ fn, enabled = true }: { fn: () => Promise<string[]>; enabled?: boolean }) {
  const query = useQuery({ queryKey: ['probe', String(fn)], queryFn: fn, enabled })
  return (
    <QueryView query={query} isEmpty={(d) => d.length === 0} emptyTitle="暂无记录">
      {(d) => (
        <ul>
          {d.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </QueryView>
  )
}

describe('QueryView', () => {
  it('shows loading, then the data', async () => {
    wrap(<Probe fn={async () => ['甲']} />)
    expect(screen.getByText('正在加载...')).toBeInTheDocument()
    expect(await screen.findByText('甲')).toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    wrap(<Probe fn={async () => []} />)
    expect(await screen.findByText('暂无记录')).toBeInTheDocument()
  })

  it('shows the error with a retry button', async () => {
    wrap(<Probe fn={async () => Promise.reject(new Error('产品不存在或已下架'))} />)
    expect(await screen.findByText('加载失败，请刷新重试')).toBeInTheDocument()
    expect(screen.getByText('产品不存在或已下架')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument()
  })

  it('treats a disabled query (nothing to load) as empty', () => {
    wrap(<Probe fn={async () => ['甲']} enabled={false} />)
    expect(screen.getByText('暂无记录')).toBeInTheDocument()
  })
})
