import { Button, CenterPopup } from 'antd-mobile'

/** A notice that must be acknowledged: its title and text, 我已知晓 and 查看详情. */
export function NoticeConfirmModal({
  notice,
  onConfirm,
  onDetail,
}: {
  notice: { title: string; content: string }
  onConfirm: () => void
  onDetail: () => void
}) {
  return (
    <CenterPopup visible bodyClassName="operation-popup">
      <div className="operation-popup__body" data-testid="notice-confirm-popup">
        <h3>{notice.title}</h3>
        <p>{notice.content}</p>
        <Button block color="primary" onClick={onConfirm}>
          我已知晓
        </Button>
        <Button block fill="none" onClick={onDetail}>
          查看详情
        </Button>
      </div>
    </CenterPopup>
  )
}
