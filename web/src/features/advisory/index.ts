/** The advisory (投顾) service accounts feature (docs/advisory.md): the fa/ screens are reached by
 * route; other features need only how a service account reads (its tags) and where each kind of
 * financial account opens. */
export { accountDetailPath, accountHomePath } from './lib/paths'
export { serviceAccountTags, TAG_ADJUSTMENT, TAG_TERMINATED, TAG_UNSIGNED } from './lib/status'
