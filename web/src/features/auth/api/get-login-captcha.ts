import { post } from '@/lib/api-client'
import type { PostData } from '@/lib/api-types'

export type LoginCaptcha = PostData<'/auth/login/captcha'>

/** A graphical captcha (图形验证码) drawn by the server: its id and PNG (a data: URL). */
export const getLoginCaptcha = () => post<LoginCaptcha>('/auth/login/captcha', {}, { quiet: true })
