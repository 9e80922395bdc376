import type { SiteSettings } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get } from './client';
import { dataKeys, shows } from './data';

/** Public site settings (tutorial video addresses), fetched once. */
export function useSiteSettings() {
  return useQuery({
    queryKey: dataKeys.siteSettings(),
    queryFn: ({ signal }) => get<SiteSettings>('/api/settings/', undefined, signal),
    staleTime: 10 * 60_000,
    meta: shows('siteSettings'),
  });
}
