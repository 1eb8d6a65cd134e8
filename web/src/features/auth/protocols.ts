import type { Protocol } from '@/components/protocol-checkbox'

/** The agreements a user accepts on signing in. */
export const USER_PROTOCOLS: Protocol[] = [
  { name: '用户服务协议', to: '/serviceProtocol?protocolType=userService' },
  { name: '隐私政策', to: '/privacy' },
]
