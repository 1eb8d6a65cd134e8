/** What each grade may buy (docs/rules.md#suitability: a grade Cn buys up to Rn; C1 only R1). */
export const GRADE_NAMES: Record<number, string> = {
  1: '保守型',
  2: '稳健型',
  3: '平衡型',
  4: '成长型',
  5: '进取型',
}

export const LEVEL_NAMES: Record<number, string> = {
  1: '低风险',
  2: '中低风险',
  3: '中风险',
  4: '中高风险',
  5: '高风险',
}

/** A product's risk level as the shelves write it: "R3 中风险". */
export const levelText = (level: number) => `R${level} ${LEVEL_NAMES[level] ?? ''}`.trim()

/** An investor's grade as the pages write it: "C4 成长型". */
export const gradeText = (grade: number) => `C${grade} ${GRADE_NAMES[grade] ?? ''}`.trim()

export function gradeScope(grade: number): string {
  if (grade <= 1) return '仅可购买低风险（R1）产品'
  return `可购买${LEVEL_NAMES[grade]}（R${grade}）及以下风险等级的产品`
}
