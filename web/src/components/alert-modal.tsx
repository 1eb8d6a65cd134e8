import type { ReactNode } from 'react'
import { Modal } from 'antd-mobile'

export interface AlertModalProps {
  visible: boolean
  title?: ReactNode
  content: ReactNode
  /** Default 确定. */
  confirmText?: ReactNode
  /** A second button; none when omitted. */
  cancelText?: ReactNode
  confirmDisabled?: boolean
  onConfirm?: () => void | Promise<void>
  onCancel?: () => void
  /** A close (×) button in the corner that acts as cancel. */
  closable?: boolean
}

/** The app's alert modal (docs/product.md#screens-and-routes "Other widgets"): a title, a message
 * and one or two buttons, the confirming one on the right. It closes only through its buttons. */
export function AlertModal({
  visible,
  title,
  content,
  confirmText = '确定',
  cancelText,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  closable = false,
}: AlertModalProps) {
  const confirm = {
    key: 'confirm',
    text: confirmText,
    primary: true,
    disabled: confirmDisabled,
    onClick: onConfirm,
  }
  const actions =
    cancelText !== undefined
      ? [confirm, { key: 'cancel', text: cancelText, onClick: onCancel }]
      : [confirm]
  return (
    <Modal
      visible={visible}
      title={title}
      content={content}
      actions={actions}
      closeOnMaskClick={false}
      showCloseButton={closable}
      onClose={onCancel}
      className="alert-modal"
    />
  )
}
