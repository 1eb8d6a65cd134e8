import { useState } from 'react'
import { NumberKeyboard, PasscodeInput, Toast } from 'antd-mobile'
import { useNavigate, useSearchParams } from 'react-router'
import { useSetPassword } from '../api/security-writes'
import { passwordProblem } from '../password'
import '../security.css'

/** 设置交易密码: six digits twice. A change or reset brings the ticket of its check. */
export default function SetTradePasswordPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const ticket = params.get('ticket') ?? undefined
  const [first, setFirst] = useState('')
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const save = useSetPassword()
  const confirming = first !== ''

  const change = (v: string) => {
    setValue(v)
    setError('')
    if (v.length < 6) return
    if (!confirming) {
      const problem = passwordProblem(v)
      if (problem) {
        setError(problem)
        setValue('')
        return
      }
      setFirst(v)
      setValue('')
      return
    }
    if (v !== first) {
      setError('两次输入的密码不一致，请重新设置')
      setFirst('')
      setValue('')
      return
    }
    save.mutate(
      { password: v, ticket },
      {
        onSuccess: (result) => {
          const from = params.get('from')
          navigate(
            `/tradePasswordResult?scene=${result.scene}${from ? `&from=${encodeURIComponent(from)}` : ''}`,
            { replace: true },
          )
        },
        onError: (err) => {
          Toast.show({ content: err.message })
          setFirst('')
          setValue('')
        },
      },
    )
  }

  return (
    <div className="pwd-step">
      <h2>
        {confirming ? '请再次输入交易密码' : ticket ? '请设置新的交易密码' : '请设置交易密码'}
      </h2>
      <p>交易密码用于买入、卖出、解绑银行卡等操作，请勿使用生日、手机号中的数字或连续、重复的数字</p>
      <PasscodeInput
        value={value}
        onChange={change}
        length={6}
        seperated
        error={!!error}
        keyboard={<NumberKeyboard />}
        aria-label="交易密码"
      />
      <div className="pwd-step__error" role="alert">
        {error}
      </div>
    </div>
  )
}
