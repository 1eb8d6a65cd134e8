import { useState } from 'react'
import { Button, Selector } from 'antd-mobile'
import { LazyPopup, loadPopup } from '@/components/lazy-popup'
import { MountWhenShown } from '@/components/mount-when-shown'
import type { AssetCategory, AssetSort, SortOrder } from '../api/types'
import { CATEGORIES, DEFAULT_FILTER, ORDERS, SORTS, type AssetFilter } from '../lib/filter'

interface Props {
  visible: boolean
  value: AssetFilter
  onClose: () => void
  onChange: (filter: AssetFilter) => void
}

/** The filter sheet of 账户持仓 (docs/product.md#constants): category, sort type and direction. */
export function FilterSheet({ visible, value, onClose, onChange }: Props) {
  const [draft, setDraft] = useState(value)
  return (
    <MountWhenShown visible={visible} load={loadPopup} onLoadError={onClose}>
      {(shown) => (
        <LazyPopup
          visible={shown}
          onMaskClick={onClose}
          afterShow={() => setDraft(value)}
          bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
        >
          <div className="asset-filter" data-testid="asset-filter">
            <div className="asset-filter__title">筛选</div>
            <div className="asset-filter__label">产品类型</div>
            <Selector<AssetCategory>
              columns={2}
              options={CATEGORIES.map((c) => ({ label: c.name, value: c.value }))}
              value={[draft.category]}
              onChange={(v) => v.length && setDraft({ ...draft, category: v[0] })}
            />
            <div className="asset-filter__label">排序方式</div>
            <Selector<AssetSort>
              columns={3}
              options={SORTS.map((s) => ({ label: s.name, value: s.value }))}
              value={[draft.sort]}
              onChange={(v) => v.length && setDraft({ ...draft, sort: v[0] })}
            />
            <div className="asset-filter__label">排序方向</div>
            <Selector<SortOrder>
              columns={2}
              options={ORDERS.map((o) => ({ label: o.name, value: o.value }))}
              value={[draft.order]}
              onChange={(v) => v.length && setDraft({ ...draft, order: v[0] })}
            />
            <div className="asset-filter__actions">
              <Button block onClick={() => setDraft(DEFAULT_FILTER)}>
                重置
              </Button>
              <Button
                block
                color="primary"
                onClick={() => {
                  onChange(draft)
                  onClose()
                }}
              >
                确定
              </Button>
            </div>
          </div>
        </LazyPopup>
      )}
    </MountWhenShown>
  )
}
