/** Staff request detail: the first-send view and the Request Details Center for internal staff. */
export { StaffRequestScreen } from './StaffRequestScreen';
