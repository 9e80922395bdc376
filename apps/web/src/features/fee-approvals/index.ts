export { FeeApprovalsCard } from './FeeApprovalsCard';
