/** WeChat environments (docs/product.md#constants: iframe, mini program, WeChat H5, normal H5) and
 * the ticket that binds a WeChat identity to the phone the user then signs in with. */
const TICKET_KEY = 'opentamp.wechatTicket'

export function isWechat(ua = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua)
}

export function isMiniProgram(ua = navigator.userAgent): boolean {
  return /miniProgram/i.test(ua)
}

export function saveWechatTicket(ticket: string): void {
  sessionStorage.setItem(TICKET_KEY, ticket)
}

export function takeWechatTicket(): string | null {
  const ticket = sessionStorage.getItem(TICKET_KEY)
  sessionStorage.removeItem(TICKET_KEY)
  return ticket
}
