/** Host listings and their subscription (law-firm spec sections 4 and 7, 'Payment'). */
import type { Crashpad, CrashpadCreate } from '@dd/shared';
import { get, post } from '../../api/client';

export const listingKeys = {
  mine: ['crashpads', 'mine'] as const,
};

export const myCrashpads = (signal?: AbortSignal) =>
  get<Crashpad[]>('/api/home/crashpad/', undefined, signal);
export const createCrashpad = (body: CrashpadCreate) => post<Crashpad>('/api/home/crashpad/', body);
export const deleteCrashpad = (id: number) => post<{ success: true }>(`/api/home/crashpad/${id}/delete/`, {});

/** The spec's two calls: the subscription from the card token, then the listing published with it. */
export async function publishWithCard(listing: number, token: string, userId: number, planId: string) {
  const { subscription } = await post<{ subscription: { id: string } }>('/stripe/', {
    token,
    user_id: userId,
    plan_id: planId,
  });
  return post<Crashpad>(`/api/home/crashpad/${listing}/`, {
    stripe_subscription_id: subscription.id,
    published: true,
  });
}
