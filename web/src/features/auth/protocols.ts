import type { Protocol } from '@/components/protocol-agreement'

/** The agreements a user accepts on signing in. */
export const USER_PROTOCOLS: Protocol[] = [
  { name: '用户服务协议', url: '/serviceProtocol?protocolType=userService' },
  { name: '隐私政策', url: '/privacy' },
]
