import type { Page, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookEndpoint } from '@dd/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** The Webhooks screen's calls (a firm's administrators, decision 059). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number, page: number) => ['webhooks', id, 'deliveries', page] as const,
};

export const useWebhooks = (enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => get<WebhookEndpoint[]>('/api/webhooks/', undefined, signal),
    enabled,
  });

export const useDeliveries = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      get<Page<WebhookDelivery>>(`/api/webhooks/${id}/deliveries/`, { page, page_size: pageSize }, signal),
    placeholderData: keepPreviousData,
  });

export const createWebhook = (body: WebhookCreate) => post<WebhookCreated>('/api/webhooks/', body);
export const setWebhookEnabled = (id: number, enabled: boolean) =>
  post<WebhookEndpoint>(`/api/webhooks/${id}/${enabled ? 'enable' : 'disable'}/`, {});
export const deleteWebhook = (id: number) => post<{ success: string }>(`/api/webhooks/${id}/delete/`, {});
export const resendDelivery = (id: number) =>
  post<WebhookDelivery>(`/api/webhooks/deliveries/${id}/resend/`, {});
