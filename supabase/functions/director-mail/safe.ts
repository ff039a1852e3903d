// What may go into a header, an address or a link of an email: shared with family-alerts
// (../_shared/safe.ts).
export { headerText, plainAddress, siteLink, siteOrigin } from '../_shared/safe.ts'
