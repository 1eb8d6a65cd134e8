/**
 * The browser tab of the H5 app: the route's Chinese title with the broker's name
 * (首页 - 示例证券), and the broker's logo as the icon (the app's own icon until the broker is
 * known; index.html names it, so no page asks for /favicon.ico).
 */
import { getBrokerInfo } from './broker'

export function documentTitle(title: string, brokerName?: string | null): string {
  return brokerName && brokerName !== title ? `${title} - ${brokerName}` : title
}

/** Set the title of the current route and the broker's icon. */
export function applyDocumentHead(title: string): void {
  const broker = getBrokerInfo()
  document.title = documentTitle(title, broker?.name)
  if (broker?.logo) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
    if (!icon) {
      icon = document.createElement('link')
      icon.rel = 'icon'
      document.head.appendChild(icon)
    }
    if (icon.getAttribute('href') !== broker.logo) {
      icon.removeAttribute('type')
      icon.href = broker.logo
    }
  }
}
