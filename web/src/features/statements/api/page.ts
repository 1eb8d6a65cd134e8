/** A page of a list as the paged calls answer it (kit/pagination.py PageOut). */
export interface PageOf<T> {
  list: T[]
  total: number
  page: number
  size: number
  hasMore: boolean
}
