import { isChineseName, isIdentityNo, isName, type IdType } from '@/lib/validate'

/** The nationality chosen on selectCountry, handed back to the opening form. */
const COUNTRY_KEY = 'opentamp.openAccount.country'

export interface ChosenCountry {
  code: string
  name: string
}

export const DEFAULT_COUNTRY: ChosenCountry = { code: 'CHN', name: '中国' }

export function chooseCountry(country: ChosenCountry): void {
  sessionStorage.setItem(COUNTRY_KEY, JSON.stringify(country))
}

export function chosenCountry(): ChosenCountry {
  try {
    const value = JSON.parse(sessionStorage.getItem(COUNTRY_KEY) ?? 'null') as ChosenCountry | null
    return value?.code ? value : DEFAULT_COUNTRY
  } catch {
    return DEFAULT_COUNTRY
  }
}

/** The opening form survives a trip to selectCountry. */
const DRAFT_KEY = 'opentamp.openAccount.draft'

export function saveDraft(values: object): void {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values))
}

export function takeDraft<T>(): Partial<T> {
  try {
    return (JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<T>) ?? {}
  } catch {
    return {}
  }
}

export function clearDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY)
  sessionStorage.removeItem(COUNTRY_KEY)
}

/** The opening form's name check: an empty field asks for the name, not for its length. */
export function nameError(idType: IdType, value: string | undefined): string | null {
  const v = value?.trim() ?? ''
  if (!v) return '请输入姓名'
  if (!isName(v)) return '请输入2-30个字符的姓名'
  if (idType === '0' && !isChineseName(v)) return '请输入与身份证一致的中文姓名'
  return null
}

/** The opening form's document number check: an empty field asks for the number. */
export function idNoError(
  idType: IdType,
  idTypeName: string,
  value: string | undefined,
): string | null {
  const v = value?.trim() ?? ''
  if (!v) return '请输入证件号码'
  return isIdentityNo(idType, v) ? null : `请输入正确的${idTypeName}号码`
}
