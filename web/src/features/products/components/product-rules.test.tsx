import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RichText } from '@/components/rich-text'
import { detailPath } from '../pages/product-detail'
import { chooseAlgorithm } from './algorithm-bar'
import { StatusNotice, TradingTimeNotice } from './notices'

const option = (algorithmType: string, order: number) => ({
  algorithmType,
  algorithmName: algorithmType,
  algorithmDesc: '',
  showSignalPoint: false,
  showPoint: false,
  showTradePoint: false,
  showBenchmark: true,
  order,
})

describe('algorithm options (docs/product.md#screens-and-routes algorithm description page)', () => {
  const options = [option('B', 2), option('A', 1), option('C', 3)]

  it('selects the chosen option', () => {
    expect(chooseAlgorithm(options, 'C')?.algorithmType).toBe('C')
  })

  it('defaults to the option of order 1, else the first', () => {
    expect(chooseAlgorithm(options)?.algorithmType).toBe('A')
    expect(chooseAlgorithm(options, 'gone')?.algorithmType).toBe('A')
    expect(chooseAlgorithm([option('X', 5), option('Y', 2)])?.algorithmType).toBe('X')
    expect(chooseAlgorithm([])).toBeUndefined()
  })
})

describe('productDetail dispatch by product type (docs/product.md#entities)', () => {
  it('uses the given type', () => {
    expect(detailPath('004101', 'fund')).toBe(
      '/fundProductDetail?productCode=004101&productType=fund',
    )
    expect(detailPath('000509', 'wallet')).toBe(
      '/superWalletDetail?productCode=000509&productType=wallet',
    )
    expect(detailPath('P00001', 'privateSet')).toBe(
      '/privateSet/productDetail?productCode=P00001&productType=privateSet',
    )
  })

  it('infers it from the code prefix ZH, CL, SI', () => {
    expect(detailPath('ZH000001', null)).toBe(
      '/poProductDetail?productCode=ZH000001&productType=poFund',
    )
    expect(detailPath('CL000001', null)).toBe(
      '/poProductDetail?productCode=CL000001&productType=strategy',
    )
    expect(detailPath('SI000001', null)).toBe(
      '/poProductDetail?productCode=SI000001&productType=signal',
    )
    expect(detailPath('004101', null)).toBe(
      '/fundProductDetail?productCode=004101&productType=fund',
    )
  })
})

describe('trading-time notice (docs/product.md#validation)', () => {
  it('shows only when both times exist, in the spec’s words', () => {
    const { container, rerender } = render(<TradingTimeNotice start="14:50" end={null} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<TradingTimeNotice start="14:50" end="15:00" />)
    expect(
      screen.getByText(
        '本产品在交易日 14:50-15:00 期间提交的申请（包含申购、定投、赎回等交易）会确认失败，若需交易请避开如上期间进行交易操作。',
      ),
    ).toBeInTheDocument()
  })
})

describe('status notice (docs/product.md#states)', () => {
  it('shows the tag with its note, nothing when normal', () => {
    const { container, rerender } = render(
      <StatusNotice status={{ statusText: '', statusNote: '' }} />,
    )
    expect(container).toBeEmptyDOMElement()
    rerender(
      <StatusNotice
        status={{ statusText: '暂停申购', statusNote: '恢复申购后的首个交易日提交。' }}
      />,
    )
    expect(screen.getByText('暂停申购：恢复申购后的首个交易日提交。')).toBeInTheDocument()
  })
})

describe('rich text', () => {
  it('renders headings, lists and paragraphs as elements, never as HTML', () => {
    const { container } = render(
      <RichText text={'## 标题\n\n- 一\n- 二\n\n第一行\n第二行\n\n<img src=x onerror=alert(1)>'} />,
    )
    expect(container.querySelector('h3')?.textContent).toBe('标题')
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['一', '二'])
    expect(container.querySelectorAll('br')).toHaveLength(1)
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
  })
})
