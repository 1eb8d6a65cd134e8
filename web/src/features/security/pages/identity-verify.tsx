import { useNavigate, useSearchParams } from 'react-router'
import type { Scene } from '../api/security-writes'
import { IdentityCheck } from './identity-check'

const NEXT: Partial<Record<Scene, { path: string; intro: string }>> = {
  updatePhone: { path: '/updatePhoneBySmsCode', intro: '更换手机号前，请先验证您的身份。' },
  closeAccount: { path: '/closeAccount', intro: '注销账户前，请先验证您的身份。' },
  resetTradePassword: { path: '/setTradePassword', intro: '重置交易密码前，请先验证您的身份。' },
}

/** 身份验证 (scene): the identity check, then the step it guards. */
export default function IdentityVerifyPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const scene = (params.get('scene') as Scene) ?? 'updatePhone'
  const next = NEXT[scene] ?? NEXT.updatePhone!
  return (
    <IdentityCheck
      scene={scene}
      intro={next.intro}
      onPassed={(ticket) =>
        navigate(`${next.path}?ticket=${encodeURIComponent(ticket)}`, { replace: true })
      }
    />
  )
}
