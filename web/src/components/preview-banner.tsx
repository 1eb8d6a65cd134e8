export const PREVIEW_TEXT = '当前为预览模式，请勿直接使用此链接'

/** The banner of a team-preview link (docs/product.md#screens-and-routes "Special entry"). */
export function PreviewBanner() {
  return (
    <div className="preview-banner" role="alert">
      {PREVIEW_TEXT}
    </div>
  )
}
