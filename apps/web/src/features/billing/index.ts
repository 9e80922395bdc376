/** Public API of the billing feature: its screens (registered in app/screens.tsx). */
export { default as BillingsScreen } from './BillingsScreen';
export { default as InvoiceScreen } from './InvoiceScreen';
export { default as InvoicesScreen } from './InvoicesScreen';
