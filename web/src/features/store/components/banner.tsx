import { Swiper } from 'antd-mobile'
import { useNavigate } from 'react-router'
import type { Schemas } from '@/lib/api-types'

type Ad = Schemas['AdOut']

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

/** The team's banners. An ad without an image is drawn from its texts on its colour. */
export function Banner({ ads }: { ads: Ad[] }) {
  const open = useOpenLink()
  if (ads.length === 0) return null
  return (
    <div className="store-banner" data-testid="banner">
      <Swiper autoplay={!navigator.webdriver} loop={ads.length > 1} autoplayInterval={4000}>
        {ads.map((ad) => (
          <Swiper.Item key={ad.id} onClick={() => open(ad.link, ad.title)}>
            {ad.imageUrl ? (
              <img
                src={ad.imageUrl}
                alt={ad.title}
                style={{ width: '100%', height: 110, objectFit: 'cover' }}
              />
            ) : (
              <div
                className="store-ad"
                style={{ background: `linear-gradient(135deg, ${ad.color}, ${ad.color}cc)` }}
              >
                <div className="store-ad__title">{ad.title}</div>
                <div className="store-ad__subtitle">{ad.subtitle}</div>
              </div>
            )}
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  )
}
