import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { cleanCaptchaCode, isCaptchaDemand } from './captcha'

describe('the sign-in captcha (docs/api.md#limits)', () => {
  it('is shown for the three captcha answers of the server, and for nothing else', () => {
    expect(isCaptchaDemand(new ApiError('请输入图形验证码', 62012, 400, 'captcha_required'))).toBe(
      true,
    )
    expect(isCaptchaDemand(new ApiError('图形验证码错误', 62013, 400, 'captcha_wrong'))).toBe(true)
    expect(isCaptchaDemand(new ApiError('已失效', 62014, 400, 'captcha_expired'))).toBe(true)
    expect(isCaptchaDemand(new ApiError('太频繁', 42903, 429, 'sms_client_limit'))).toBe(false)
    expect(isCaptchaDemand(new Error('captcha_required'))).toBe(false)
  })

  it('keeps four letters or digits, upper case', () => {
    expect(cleanCaptchaCode(' a7-k3x')).toBe('A7K3')
    expect(cleanCaptchaCode('图形')).toBe('')
  })
})
