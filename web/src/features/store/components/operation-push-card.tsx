import { Button, CenterPopup } from 'antd-mobile'

/** The operation push's pop-up: its title, text and one button; the mask and the cross close it. */
export function OperationPushCard({
  push,
  onClose,
  onOpen,
}: {
  push: { title: string; content: string; buttonText: string }
  onClose: () => void
  onOpen: () => void
}) {
  return (
    <CenterPopup visible onMaskClick={onClose} showCloseButton onClose={onClose}>
      <div className="push-card" data-testid="operation-push" style={{ padding: 20 }}>
        <div className="push-card__title">{push.title}</div>
        <div className="push-card__content">{push.content}</div>
        <Button color="primary" block onClick={onOpen}>
          {push.buttonText}
        </Button>
      </div>
    </CenterPopup>
  )
}
