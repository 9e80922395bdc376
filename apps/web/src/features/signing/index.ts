/** Public API of the signing feature: the firm's card on a request's client. The client's page is a screen. */
export { SigningCard } from './SigningCard';
