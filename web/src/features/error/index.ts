export { ChunkLoadFailure } from './components/chunk-load-failure'
export { RouteError } from './components/route-error'
