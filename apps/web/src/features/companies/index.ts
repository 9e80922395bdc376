/** Public API of the companies feature: its screens (registered in app/screens.tsx) and the company form. */

export { CompanyForm, type CompanyFormProps } from './CompanyForm';
export { default as CompanyListScreen } from './CompanyListScreen';
export { default as EditCompanyScreen } from './EditCompanyScreen';
export { default as GhostUsersScreen } from './GhostUsersScreen';
export { default as InviteUsersScreen } from './InviteUsersScreen';
