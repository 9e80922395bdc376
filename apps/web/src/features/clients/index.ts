/** Public API of the clients feature (used by the request form): the picker and the client modal. */
export type { ClientSummary } from '@dd/shared';
export { ClientFormModal, type ClientFormModalProps } from './ClientFormModal';
export { ClientPicker, type ClientPickerProps } from './ClientPicker';
export { HipaaMissing } from './HipaaMissing';
