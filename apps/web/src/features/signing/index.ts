/** Public API of the signing feature: the firm's card on a request's client and staff's expiry flag. */
export { AuthorizationExpiryFlag } from './AuthorizationExpiryFlag';
export { OrderSigningOffer } from './OrderSigningOffer';
export { SigningCard } from './SigningCard';
