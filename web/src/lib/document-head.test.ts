import { setBrokerInfo } from './broker'
import { applyDocumentHead, documentTitle } from './document-head'

describe('the browser tab', () => {
  beforeEach(() => localStorage.clear())

  it('reads the route title with the broker name', () => {
    expect(documentTitle('我的', '示例证券')).toBe('我的 - 示例证券')
    expect(documentTitle('我的', null)).toBe('我的')
    expect(documentTitle('示例证券', '示例证券')).toBe('示例证券')
  })

  it('takes the broker logo as the icon once the broker is known', () => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="./favicon.svg" />'
    applyDocumentHead('首页')
    expect(document.title).toBe('首页')
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('./favicon.svg')
    setBrokerInfo({ brokerId: 1, teamId: 2, mid: 'M', name: '示例证券', logo: '/logo.png' })
    applyDocumentHead('首页')
    expect(document.title).toBe('首页 - 示例证券')
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/logo.png')
  })
})
