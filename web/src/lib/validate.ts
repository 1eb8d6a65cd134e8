/**
 * Input patterns of docs/product.md#validation. The identity pattern is chosen by document type
 * (0 ID card, 4 HK/Macau pass, A Taiwan pass, C HK/Macau/Taiwan residence permit); the
 * pattern itself is never shown to the user, only a message.
 */

export const TRADE_PASSWORD = /^\d{6}$/
export const PHONE = /^(\+?86)?1[3-9]\d{9}$/
export const BANK_CARD = /^\d{16,19}$/
export const HK_MACAU_PASS = /^[HM]\d{8}$/
export const TAIWAN_PASS = /^\d{8}$/
const CHINESE_NAME = /^[\u4e00-\u9fa5]+([·•][\u4e00-\u9fa5]+)*$/

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** The check character of the first 17 digits of an 18-digit ID number (GB 11643). */
export function idCheckDigit(first17: string): string {
  const sum = [...first17].reduce((acc, ch, i) => acc + Number(ch) * ID_WEIGHTS[i], 0)
  return ID_CHECK[sum % 11]
}

function validBirthDate(yyyymmdd: string): boolean {
  const y = Number(yyyymmdd.slice(0, 4))
  const m = Number(yyyymmdd.slice(4, 6))
  const d = Number(yyyymmdd.slice(6, 8))
  const date = new Date(Date.UTC(y, m - 1, d))
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    date.getTime() <= Date.now()
  )
}

/** A mainland resident ID card number: 18 characters, a real birth date, the check digit. */
export function isMainlandId(value: string): boolean {
  const id = value.trim().toUpperCase()
  if (!/^\d{17}[\dX]$/.test(id)) return false
  if (!validBirthDate(id.slice(6, 14))) return false
  return idCheckDigit(id.slice(0, 17)) === id[17]
}

/** A residence permit for Hong Kong, Macau (810000/820000) or Taiwan (830000) residents: the
 * ID number format with its check digit. */
export function isResidencePermit(value: string): boolean {
  const id = value.trim().toUpperCase()
  return /^8[123]0000/.test(id) && isMainlandId(id)
}

export type IdType = '0' | '4' | 'A' | 'C'

export function isIdentityNo(idType: IdType | string, value: string): boolean {
  const v = value.trim().toUpperCase()
  switch (idType) {
    case '0':
      return isMainlandId(v)
    case '4':
      return HK_MACAU_PASS.test(v)
    case 'A':
      return TAIWAN_PASS.test(v)
    case 'C':
      return isResidencePermit(v)
    default:
      return false
  }
}

/** A name of 2 to 30 characters. */
export function isName(value: string): boolean {
  const n = [...value.trim()].length
  return n >= 2 && n <= 30
}

/** A Chinese name: Chinese characters, optionally joined by a middle dot, 2 to 30 long. */
export function isChineseName(value: string): boolean {
  return isName(value) && CHINESE_NAME.test(value.trim())
}

export const isPhone = (value: string) => PHONE.test(value.trim())
export const isBankCard = (value: string) => BANK_CARD.test(value.replace(/\s/g, ''))
export const isTradePassword = (value: string) => TRADE_PASSWORD.test(value)
