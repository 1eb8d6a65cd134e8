import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LightTabs } from './light-tabs'

function Tabs() {
  const [key, setKey] = useState('return')
  return (
    <LightTabs
      activeKey={key}
      onChange={setKey}
      tabs={[
        { key: 'return', title: '业绩走势' },
        { key: 'nav', title: '单位净值' },
      ]}
    />
  )
}

describe('light tabs', () => {
  it('are a tab list with the active tab selected and alone in the tab order', () => {
    render(<Tabs />)
    const [first, second] = screen.getAllByRole('tab')
    expect(screen.getByRole('tablist')).toBeTruthy()
    expect(first.getAttribute('aria-selected')).toBe('true')
    expect(first.tabIndex).toBe(0)
    expect(second.getAttribute('aria-selected')).toBe('false')
    expect(second.tabIndex).toBe(-1)
  })

  it('switch by a tap and by the arrow keys, round the ends', () => {
    render(<Tabs />)
    fireEvent.click(screen.getByRole('tab', { name: '单位净值' }))
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('单位净值')
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' })
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('业绩走势')
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowLeft' })
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('单位净值')
  })
})
