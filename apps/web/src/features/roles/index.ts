/** Public API of the roles feature: the Roles and permissions screen. */
export { RolesScreen } from './RolesScreen';
