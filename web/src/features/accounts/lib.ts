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
