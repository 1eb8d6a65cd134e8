/** Types of API payloads, taken from the generated OpenAPI schema (never written by hand). */
import type { components, paths } from '@/api/schema'

export type Schemas = components['schemas']

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never

/** The `data` of a GET call's success envelope: `GetData<'/noauth/app/version'>`. */
export type GetData<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: infer R } }
}
  ? Json<R> extends { data: infer D }
    ? D
    : never
  : never

/** The `data` of a POST call's success envelope. */
export type PostData<P extends keyof paths> = paths[P] extends {
  post: { responses: { 200: infer R } }
}
  ? Json<R> extends { data: infer D }
    ? D
    : never
  : never
