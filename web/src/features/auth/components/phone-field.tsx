import { Input } from 'antd-mobile'

/** The +86 mobile number field of the sign-in pages: digits only, at most 11. */
export function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="login-field">
      <span className="login-field__prefix">+86</span>
      <Input
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 11))}
        placeholder="请输入手机号"
        inputMode="tel"
        clearable
        aria-label="手机号"
      />
    </div>
  )
}
