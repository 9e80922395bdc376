/** Public API of the records search feature (decision 060): the search screen and a request's indexing status. */
export { RecordsIndexStatus } from './RecordsIndexStatus';
export { RecordsSearchScreen } from './RecordsSearchScreen';
