import { useState } from 'react'
import { NumberKeyboard, PasscodeInput, Toast } from 'antd-mobile'
import { Link, useNavigate } from 'react-router'
import { useVerifyPassword } from '../api/security-writes'
import '../security.css'

/** 修改交易密码: the old password first; five wrong tries lock it for a day. */
export default function ChangeTradePasswordAuthPage() {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const verify = useVerifyPassword()
  return (
    <div className="pwd-step">
      <h2>请输入原交易密码</h2>
      <p>验证通过后设置新的交易密码</p>
      <PasscodeInput
        value={value}
        onChange={(v) => {
          setValue(v)
          setError('')
          if (v.length === 6) {
            verify.mutate(v, {
              onSuccess: (t) =>
                navigate(`/setTradePassword?ticket=${encodeURIComponent(t.ticket)}`, {
                  replace: true,
                }),
              onError: (err) => {
                setValue('')
                setError(err.message)
                Toast.show({ content: err.message })
              },
            })
          }
        }}
        length={6}
        seperated
        error={!!error}
        keyboard={<NumberKeyboard />}
        aria-label="原交易密码"
      />
      <div className="pwd-step__error" role="alert">
        {error}
      </div>
      <Link to="/resetTradePasswordAuth">忘记原密码？</Link>
    </div>
  )
}
