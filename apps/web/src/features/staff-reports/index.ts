export { default as ReportsScreen } from './ReportsScreen';
