/** A holding offered for transfer is named by its account and fund ("12:003301"), in the
 * address between the two transfer screens. */
export const itemKey = (i: { financialAccountId: number; fundCode: string }) =>
  `${i.financialAccountId}:${i.fundCode}`

export function parseItems(text: string): { financialAccountId: number; fundCode: string }[] {
  return text
    .split(',')
    .map((p) => p.split(':'))
    .filter(([a, c]) => Number(a) > 0 && !!c)
    .map(([a, c]) => ({ financialAccountId: Number(a), fundCode: c }))
}
