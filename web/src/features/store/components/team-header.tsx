import { useState } from 'react'
import { Ellipsis } from 'antd-mobile'
import { SearchOutline } from 'antd-mobile-icons'
import { useNavigate } from 'react-router'
import { LazyPopup, loadPopup } from '@/components/lazy-popup'
import { MountWhenShown } from '@/components/mount-when-shown'
import type { Team } from '../api/get-team'
import { useBriefInfo } from '../api/get-brief-info'

/** The team's header: logo, name and slogan; a tap shows its introduction, folded when longer
 * than 100 characters (docs/product.md#validation). Under it the search entry. */
export function TeamHeader({ team }: { team: Team }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const brief = useBriefInfo({ teamId: open ? team.teamId : NaN })
  const intro = brief.data?.intro ?? ''
  return (
    <>
      <div className="team-header" onClick={() => setOpen(true)} data-testid="team-header">
        <div className="team-header__logo">
          {team.logo ? <img src={team.logo} alt="" width={44} /> : team.name.slice(0, 1)}
        </div>
        <div>
          <div className="team-header__name">{team.name}</div>
          <div className="team-header__slogan">{team.slogan || team.brief}</div>
        </div>
      </div>
      <div className="store-search" role="search" onClick={() => navigate('/search')}>
        <SearchOutline /> 搜索基金、组合名称或代码
      </div>
      <MountWhenShown visible={open} load={loadPopup} onLoadError={() => setOpen(false)}>
        {(shown) => (
          <LazyPopup
            visible={shown}
            onMaskClick={() => setOpen(false)}
            bodyStyle={{ borderRadius: '12px 12px 0 0', padding: 16 }}
          >
            <div className="team-header__name" style={{ marginBottom: 8 }}>
              {team.name}
            </div>
            {intro.length > 100 ? (
              <Ellipsis rows={4} content={intro} expandText="展开" collapseText="收起" />
            ) : (
              <div>{intro}</div>
            )}
            {brief.data && (
              <div className="pd-muted" style={{ marginTop: 12 }}>
                在售产品 {brief.data.productCount} 个 · 投顾观点 {brief.data.articleCount} 篇
              </div>
            )}
          </LazyPopup>
        )}
      </MountWhenShown>
    </>
  )
}
