/** Public API of the webhooks feature: a firm administrator's Webhooks screen. */
export { WebhooksScreen } from './WebhooksScreen';
