export { CompletenessCard } from './CompletenessCard';
