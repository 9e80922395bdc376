export { NotificationBell } from './NotificationBell';
export { NotificationEmailsSetting } from './NotificationEmailsSetting';
