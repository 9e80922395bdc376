/** Public API of the clients feature (used by the request form): the picker and the client modal. */

export { useClient } from './api';
export { ClientPicker } from './ClientPicker';
export { HipaaMissing } from './HipaaMissing';
