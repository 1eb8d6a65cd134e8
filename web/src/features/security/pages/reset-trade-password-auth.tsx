import { useNavigate } from 'react-router'
import { IdentityCheck } from './identity-check'

/** 重置交易密码: the document number and an SMS code, then a new password. */
export default function ResetTradePasswordAuthPage() {
  const navigate = useNavigate()
  return (
    <IdentityCheck
      scene="resetTradePassword"
      intro="忘记交易密码时，可通过证件号码和预留手机号验证身份后重置。"
      onPassed={(ticket) =>
        navigate(`/setTradePassword?ticket=${encodeURIComponent(ticket)}`, { replace: true })
      }
    />
  )
}
