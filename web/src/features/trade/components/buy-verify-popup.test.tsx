import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { renderAt } from '@/test/render'
import { BuyVerifyPopup } from './buy-verify-popup'

const toasts: string[] = []
vi.mock('@/lib/toast', () => ({
  showFailToast: (text: string) => toasts.push(text),
  showToast: () => {},
  showSuccessToast: () => {},
  showLoading: () => () => {},
}))

// SmsCodeField says 验证码已发送 with antd-mobile's own Toast.
const sentToasts: string[] = []
vi.mock('antd-mobile', async (importOriginal) => {
  const mod = await importOriginal<typeof import('antd-mobile')>()
  const show = (p: { content: string }) => void sentToasts.push(p.content)
  return { ...mod, Toast: { ...mod.Toast, show } }
})

const send = vi.fn()
const check = vi.fn()
vi.mock('../api/buy-verify-code', () => ({
  sendBuyVerifyCode: (...args: unknown[]) => send(...args),
  checkBuyVerifyCode: (...args: unknown[]) => check(...args),
}))

function open(onVerified: (ticket: string) => Promise<void>) {
  renderAt(
    <BuyVerifyPopup
      visible
      phone="138****8000"
      financialAccountId={7}
      description="买入 1,000.00 元"
      onClose={() => {}}
      onVerified={onVerified}
    />,
  )
}

async function sendAndType(code: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '发送验证码' }))
  })
  // preact/compat (what ships) hears an input's onChange on the `input` event, as browsers send it
  fireEvent.input(screen.getByRole('textbox', { name: '短信验证码' }), {
    target: { value: code },
  })
}

describe('BuyVerifyPopup (短信验证)', () => {
  beforeEach(() => {
    // The resend countdown is kept in sessionStorage under the field's useId(), which names the
    // field by its place in the tree: each test's field has the previous one's name.
    sessionStorage.clear()
    toasts.length = 0
    sentToasts.length = 0
    send.mockReset().mockResolvedValue({ phone: '138****8000', expiresIn: 300 })
    check.mockReset()
  })

  it('sends to the account, checks the six digits and hands the ticket on', async () => {
    const onVerified = vi.fn().mockResolvedValue(undefined)
    check.mockResolvedValue({ passed: true, ticket: 'tk-1', expiresIn: 600 })
    open(onVerified)
    expect(screen.getByText(/手机 138\*\*\*\*8000/)).toBeInTheDocument()
    expect(screen.getByTestId('buy-verify-submit')).toBeDisabled()
    await sendAndType('123456')
    expect(send).toHaveBeenCalledWith({ financialAccountId: 7 })
    expect(sentToasts).toEqual(['验证码已发送'])
    expect(screen.getByText('验证码已发送至 138****8000')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '60秒后重发' })).toBeDisabled()
    await act(async () => {
      fireEvent.click(screen.getByTestId('buy-verify-submit'))
    })
    expect(check).toHaveBeenCalledWith('123456')
    expect(onVerified).toHaveBeenCalledWith('tk-1')
  })

  it('shows the server refusal of a code and clears it for another try', async () => {
    const onVerified = vi.fn()
    check.mockRejectedValue(new ApiError('验证码错误，还可尝试4次', 50108, 400, 'sms_code_wrong'))
    open(onVerified)
    await sendAndType('000000')
    await act(async () => {
      fireEvent.click(screen.getByTestId('buy-verify-submit'))
    })
    expect(toasts).toEqual(['验证码错误，还可尝试4次'])
    expect(onVerified).not.toHaveBeenCalled()
    expect(screen.getByRole('textbox', { name: '短信验证码' })).toHaveValue('')
  })
})
