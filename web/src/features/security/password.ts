/** docs/product.md#validation: six digits. Too simple to be allowed: six equal digits or a run (the
 * server also refuses the birthday). */
export function passwordProblem(value: string): string | null {
  if (!/^\d{6}$/.test(value)) return '交易密码须为6位数字'
  if (new Set(value).size === 1) return '交易密码不能为相同数字'
  const steps = new Set([...value].slice(1).map((c, i) => Number(c) - Number(value[i])))
  if (steps.size === 1 && (steps.has(1) || steps.has(-1))) return '交易密码不能为连续数字'
  return null
}
