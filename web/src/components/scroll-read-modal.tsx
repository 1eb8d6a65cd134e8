import { useEffect, useRef, useState, type ReactNode } from 'react'
import { AlertModal } from './alert-modal'

/** Confirm unlocks after this long even without scrolling (docs/product.md#validation,
 * docs/product.md#constants). */
export const SCROLL_READ_UNLOCK_MS = 2000

export interface ScrollReadModalProps {
  visible: boolean
  title: ReactNode
  children: ReactNode
  confirmText?: string
  cancelText?: string
  onConfirm: () => void | Promise<void>
  onCancel?: () => void
}

/** A document to read before confirming: the confirm button is enabled once the content has
 * been scrolled to its end, or after 2 s (docs/product.md#validation). */
export function ScrollReadModal(props: ScrollReadModalProps) {
  // Mounted afresh each time it opens, so the 2 s and the scrolling start over.
  return props.visible ? <OpenScrollReadModal {...props} /> : null
}

function OpenScrollReadModal({
  title,
  children,
  confirmText = '我已阅读并同意',
  cancelText,
  onConfirm,
  onCancel,
}: ScrollReadModalProps) {
  const [unlocked, setUnlocked] = useState(false)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const timer = setTimeout(() => setUnlocked(true), SCROLL_READ_UNLOCK_MS)
    // Content shorter than the box has nothing to scroll: it is read already.
    const frame = requestAnimationFrame(() => {
      const el = box.current
      if (el && el.scrollHeight > 0 && el.scrollHeight <= el.clientHeight) setUnlocked(true)
    })
    return () => {
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
  }, [])

  const onScroll = () => {
    const el = box.current
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 2) setUnlocked(true)
  }

  return (
    <AlertModal
      visible
      title={title}
      content={
        <div ref={box} className="scroll-read" onScroll={onScroll} data-testid="scroll-read">
          {children}
        </div>
      }
      confirmText={confirmText}
      confirmDisabled={!unlocked}
      cancelText={cancelText}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  )
}
