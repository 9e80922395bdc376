/** A request's follow-ups to its provider: the schedule panel, with the staff actions where allowed. */
export { FollowUpsPanel } from './FollowUpsPanel';
