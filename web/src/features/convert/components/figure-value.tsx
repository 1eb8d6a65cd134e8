import type { FigureRow } from '../lib/convert-order'

/** The right-hand side of a figure row: the value, and its note (a fund's code) under it. */
export function FigureValue({ row }: { row: Pick<FigureRow, 'value' | 'note'> }) {
  return (
    <>
      {row.value}
      {row.note && <div className="convert-figures__note">{row.note}</div>}
    </>
  )
}
