/** Public API of the outcomes feature: the provider's outcome on each side and the firm's stale requests. */
export { FirmOutcomeCard } from './FirmOutcomeCard';
export { StaffOutcomeCard } from './StaffOutcomeCard';
export { StaleRequestsCard } from './StaleRequestsCard';
