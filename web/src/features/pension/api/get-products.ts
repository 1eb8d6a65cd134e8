import { useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { PensionCategory, PensionProduct } from './types'

/** GET /pension/product/list (one category for subShelf) and /pension/product/recommend. */
export const getPensionProducts = (category?: PensionCategory | null) =>
  get<PensionProduct[]>('/pension/product/list', { category })

export const getPensionRecommend = () => get<PensionProduct[]>('/pension/product/recommend')

export const usePensionProducts = (category?: PensionCategory | null) =>
  useQuery({
    queryKey: ['pension', 'products', category ?? 'all'],
    queryFn: () => getPensionProducts(category),
  })

export const usePensionRecommend = () =>
  useQuery({ queryKey: ['pension', 'recommend'], queryFn: getPensionRecommend })
