import type { NotificationEmailPrefs, Notifications } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post, put } from '../../api/client';
import { shows } from '../../api/data';

/** The bell's notes. They are request data: live updates and every change to a request refresh them. */
export const notificationKeys = { all: ['notifications'] as const };

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => get<Notifications>('/api/notifications/', undefined, signal),
    meta: shows('requests'),
  });
}

export const markNotificationsSeen = () => post<{ success: string }>('/api/notifications/seen/');

/** The signed-in user's own notification e-mail choices (decision 065). */
export const notificationEmailKeys = { all: ['notification-emails'] as const };

export function useNotificationEmails() {
  return useQuery({
    queryKey: notificationEmailKeys.all,
    queryFn: ({ signal }) => get<NotificationEmailPrefs>('/api/notifications/emails/', undefined, signal),
  });
}

export const saveNotificationEmails = (prefs: NotificationEmailPrefs) =>
  put<NotificationEmailPrefs>('/api/notifications/emails/', prefs);
