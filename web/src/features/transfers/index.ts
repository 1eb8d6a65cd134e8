/** The transfer-in feature (docs/transfers.md): its screens are reached by route; other
 * features link to them by path. */
export const TRANSFER_HOME_PATH = '/transferOnline/home'
