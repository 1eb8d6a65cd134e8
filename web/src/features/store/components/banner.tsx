import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Schemas } from '@/lib/api-types'

type Ad = Schemas['AdOut']

/** How long each banner shows before the next slides in. */
const AUTOPLAY_MS = 4000

/** Opens a banner's link: an H5 path inside the app, an outside address through /outsideChain. */
export function useOpenLink() {
  const navigate = useNavigate()
  return (link: string, title = '') => {
    if (!link) return
    if (/^https?:\/\//.test(link))
      navigate(`/outsideChain?url=${encodeURIComponent(link)}&title=${encodeURIComponent(title)}`)
    else navigate(link)
  }
}

/**
 * The team's banners, one at a time, swiped sideways or turning every 4 s (after the last, the
 * first), with a dot for each (docs/architecture.md#first-load). The browser scrolls and snaps
 * them (CSS scroll snap): antd-mobile's Swiper, which looked the same, set up a spring and a
 * drag gesture when it mounted, one of the longest tasks of 首页. An ad without an image is
 * drawn from its texts on its colour.
 */
export function Banner({ ads }: { ads: Ad[] }) {
  const open = useOpenLink()
  const track = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const count = ads.length
  // the next banner 4 s after one comes to rest, whether it came by itself or by a swipe
  useEffect(() => {
    if (count < 2 || navigator.webdriver) return
    const turn = setTimeout(() => {
      const el = track.current
      if (el) el.scrollTo({ left: ((active + 1) % count) * el.clientWidth, behavior: 'smooth' })
    }, AUTOPLAY_MS)
    return () => clearTimeout(turn)
  }, [active, count])
  if (count === 0) return null
  const onScroll = () => {
    const el = track.current
    if (el && el.clientWidth > 0) setActive(Math.round(el.scrollLeft / el.clientWidth))
  }
  return (
    <div className="store-banner" data-testid="banner">
      <div className="store-banner__track" ref={track} onScroll={onScroll}>
        {ads.map((ad) => (
          <div key={ad.id} className="store-banner__item" onClick={() => open(ad.link, ad.title)}>
            {ad.imageUrl ? (
              <img src={ad.imageUrl} alt={ad.title} className="store-banner__image" />
            ) : (
              <div
                className="store-ad"
                style={{ background: `linear-gradient(135deg, ${ad.color}, ${ad.color}cc)` }}
              >
                <div className="store-ad__title">{ad.title}</div>
                <div className="store-ad__subtitle">{ad.subtitle}</div>
              </div>
            )}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="store-banner__dots" aria-hidden>
          {ads.map((ad, i) => (
            <i key={ad.id} className={i === active ? 'store-banner__dot--active' : undefined} />
          ))}
        </div>
      )}
    </div>
  )
}
