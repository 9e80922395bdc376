export { ConfirmEmailScreen } from './ConfirmEmailScreen';
export { LoginScreen } from './LoginScreen';
export { LogoutScreen } from './LogoutScreen';
