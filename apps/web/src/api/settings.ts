import type { SiteSettings } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get } from './client';

/** Public site settings (tutorial video addresses), fetched once. */
export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    queryFn: ({ signal }) => get<SiteSettings>('/api/settings/', undefined, signal),
    staleTime: 10 * 60_000,
  });
}
