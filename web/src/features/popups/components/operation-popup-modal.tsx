import { Button, CenterPopup } from 'antd-mobile'
import { CloseOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import type { OperationPopup } from '../api/get-operation-popups'

/** A broker's operation pop-up: picture or title and text, one button, a close cross. */
export function OperationPopupModal({
  popup,
  onClose,
}: {
  popup: OperationPopup
  onClose: () => void
}) {
  const navigate = useNavigate()
  const open = () => {
    onClose()
    const link = popup.linkUrl
    if (!link) return
    if (link.startsWith('/')) navigate(link)
    else navigate(`/outsideChain?${new URLSearchParams({ url: link, title: popup.title })}`)
  }
  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName="operation-popup">
      <button type="button" className="operation-popup__close" aria-label="关闭" onClick={onClose}>
        <CloseOutline />
      </button>
      {popup.imageUrl && <img className="operation-popup__image" src={popup.imageUrl} alt="" />}
      <div className="operation-popup__body">
        <h3>{popup.title}</h3>
        {popup.content && <p>{popup.content}</p>}
        {popup.linkUrl && (
          <Button block color="primary" shape="rounded" onClick={open}>
            {popup.buttonText || '查看详情'}
          </Button>
        )}
      </div>
    </CenterPopup>
  )
}
