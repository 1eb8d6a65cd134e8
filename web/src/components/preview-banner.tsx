export const PREVIEW_TEXT = '当前为预览模式，请勿直接使用此链接'

/** The banner of a team-preview link (spec 000 §2 "Special entry"). */
export function PreviewBanner() {
  return (
    <div className="preview-banner" role="alert">
      {PREVIEW_TEXT}
    </div>
  )
}
