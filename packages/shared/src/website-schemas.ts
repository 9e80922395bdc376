import { z } from 'zod';
import { WEBSITE_LIMITS, WEBSITE_MSG } from './website';

// Apart from website.ts, so the public pages, which read website.ts, do not load zod.
/** The body of a page save (spec section 7): name, url and the two parallel lists. */
export const WebsitePageBodySchema = z.object({
  name: z.string().trim().min(1, WEBSITE_MSG.nameRequired).max(WEBSITE_LIMITS.nameLength),
  url: z.string().trim().min(1, WEBSITE_MSG.urlRequired).max(WEBSITE_LIMITS.urlLength),
  components: z.array(z.string().max(40)).max(WEBSITE_LIMITS.components, WEBSITE_MSG.tooManyComponents),
  componentProps: z
    .array(z.record(z.string().max(60), z.union([z.string(), z.number()]).nullable()))
    .max(WEBSITE_LIMITS.components),
});
export type WebsitePageBody = z.infer<typeof WebsitePageBodySchema>;
