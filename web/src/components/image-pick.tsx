import { useEffect, useMemo, useRef } from 'react'
import { DotLoading } from 'antd-mobile'
import { AddOutline, CameraOutline } from 'antd-mobile-icons'
import './widgets.css'

/** A local picture's preview URL, released when the picture changes or the tile goes. */
function usePreview(file: File | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return url
}

/**
 * The app's own picture control: a tile with a camera (or +) and a Chinese label that opens the
 * phone's camera or album; the browser's file input stays hidden inside it (never its English
 * "Choose File / No file chosen"). JPG or PNG, as the uploads accept (docs/api.md#transport).
 */
export function ImagePick({
  label,
  caption,
  file,
  imageUrl,
  busy = false,
  add = false,
  onPick,
}: {
  /** Its accessible name, and its text unless ``caption`` is shorter. */
  label: string
  caption?: string
  /** The picked picture, previewed in the tile. */
  file?: File | null
  /** Or a picture already uploaded. */
  imageUrl?: string | null
  busy?: boolean
  /** A + tile (add one more) rather than a camera tile. */
  add?: boolean
  onPick: (file: File) => void
}) {
  const preview = usePreview(file)
  const input = useRef<HTMLInputElement>(null)
  const shown = preview ?? imageUrl ?? null
  return (
    <label className="image-pick" aria-busy={busy}>
      {shown ? (
        <img src={shown} alt={label} />
      ) : (
        <>
          {add ? <AddOutline fontSize={24} /> : <CameraOutline fontSize={28} />}
          <span>{caption ?? label}</span>
        </>
      )}
      {busy && (
        <span className="image-pick__busy">
          <DotLoading color="white" />
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        aria-label={label}
        disabled={busy}
        onChange={(e) => {
          const picked = e.target.files?.[0]
          if (input.current) input.current.value = ''
          if (picked) onPick(picked)
        }}
      />
    </label>
  )
}
