/** Public API of the providers feature: the picker and add-provider modal (request form) and the screens. */
export type { ProviderSummary } from './api';
export { ProviderPicker } from './ProviderPicker';
