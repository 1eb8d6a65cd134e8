import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/lib/api-client'
import type { GetData } from '@/lib/api-types'

/** GET /noauth/store/componentData */
export type ComponentData = GetData<'/noauth/store/componentData'>
export interface ComponentDataParams {
  teamId: number
  componentId: string
}

export const getComponentData = (params: ComponentDataParams) =>
  get<ComponentData>('/noauth/store/componentData', params)

export const componentDataQueryOptions = (params: ComponentDataParams) =>
  queryOptions({
    queryKey: ['store', 'component-data', params],
    queryFn: () => getComponentData(params),
    enabled: Number.isFinite(params.teamId) && !!params.componentId,
  })

export const useComponentData = (params: ComponentDataParams) =>
  useQuery(componentDataQueryOptions(params))
