import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Deferred } from './deferred'

describe('Deferred', () => {
  it('draws the fallback first and its children in a later task', async () => {
    render(
      <Deferred fallback={<span>正在加载</span>}>
        <span>我的</span>
      </Deferred>,
    )
    expect(screen.getByText('正在加载')).toBeTruthy()
    expect(screen.queryByText('我的')).toBeNull()
    await screen.findByText('我的')
    expect(screen.queryByText('正在加载')).toBeNull()
  })

  it('draws nothing meanwhile without a fallback', async () => {
    const { container } = render(
      <Deferred>
        <span>菜单</span>
      </Deferred>,
    )
    expect(container.textContent).toBe('')
    await screen.findByText('菜单')
  })
})
