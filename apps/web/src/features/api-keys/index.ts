/** Public API of the API keys feature: a firm administrator's API keys screen. */
export { ApiKeysScreen } from './ApiKeysScreen';
