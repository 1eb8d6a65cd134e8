import { get } from '@/lib/api-client'
import type { Bank } from './get-banks'

/** The bank that issued a card number (by its prefix); rejects when it is not recognised. */
export const getOpenBank = (cardNo: string) => get<Bank>('/utils/getOpenBankName', { cardNo })
