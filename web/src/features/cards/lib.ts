/** The bank picked on selectBank, handed back to the card form. */
const BANK_KEY = 'opentamp.bindCard.bankNo'

export function pickBank(bankNo: string): void {
  sessionStorage.setItem(BANK_KEY, bankNo)
}

export function pickedBank(): string | null {
  return sessionStorage.getItem(BANK_KEY)
}

export function clearPickedBank(): void {
  sessionStorage.removeItem(BANK_KEY)
}

/** "6222 0212 3456 7890 123": groups of four while typing. */
export function groupCardNo(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}
