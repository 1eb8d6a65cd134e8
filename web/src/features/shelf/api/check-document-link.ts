import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/utils/documentLink */
export type DocumentLink = GetData<'/noauth/utils/documentLink'>

export const checkDocumentLink = (url: string, title: string, brokerId: number | undefined) =>
  get<DocumentLink>('/noauth/utils/documentLink', { url, title, brokerId }, { noErrorPage: true })

export const checkDocumentLinkQuery = (url: string, title: string, brokerId: number | undefined) =>
  queryOptions({
    queryKey: ['shelf', 'check-document-link', { url, title, brokerId }],
    queryFn: () => checkDocumentLink(url, title, brokerId),
    retry: false,
    enabled: url !== '',
  })

export const useDocumentLink = (url: string, title: string, brokerId: number | undefined) =>
  useQuery(checkDocumentLinkQuery(url, title, brokerId))
