import { useSearchParams } from 'react-router'

/** A positive integer from the address, else 0 (the screen then shows its empty state). */
export function useIdParam(name: string): number {
  const [params] = useSearchParams()
  const n = Number(params.get(name))
  return Number.isInteger(n) && n > 0 ? n : 0
}
