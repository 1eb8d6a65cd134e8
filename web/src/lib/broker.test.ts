import { beforeEach, describe, expect, it } from 'vitest'
import { getBrokerId, isStoreLinkComplete, setBrokerInfo, STORE_LINK_ERROR } from './broker'
import { setSession } from './session'

describe('broker info and the store-link check (docs/product.md#entities, docs/product.md#validation)', () => {
  beforeEach(() => localStorage.clear())

  it('needs teamId, mid and brokerId all present', () => {
    expect(isStoreLinkComplete({ teamId: 9001, mid: 'M1001', brokerId: 1001 })).toBe(true)
    expect(isStoreLinkComplete({ teamId: 9001, brokerId: 1001 })).toBe(false)
    expect(isStoreLinkComplete({ teamId: 9001, mid: '', brokerId: 1001 })).toBe(false)
    expect(isStoreLinkComplete(null)).toBe(false)
    expect(STORE_LINK_ERROR).toBe('商户信息传入有误，链接无法打开')
  })

  it('takes the broker of the signed-in user before the stored one', () => {
    expect(getBrokerId()).toBeNull()
    setBrokerInfo({ brokerId: 1154, teamId: 9154, mid: 'M1154' })
    expect(getBrokerId()).toBe(1154)
    setSession({ accessToken: 't', expiresIn: 3600, brokerUserId: 1, brokerId: 1001 })
    expect(getBrokerId()).toBe(1001)
  })
})
