/** What an amount shows as while the user hides amounts (the eye toggle on 我的). */
export const MASK = '****'
