import * as z from 'zod';

/**
 * The answer of a route that `produces: 'html'` (shared/api/route.ts): a status, the page and its
 * headers (CSP, caching, a `location` for a redirect). The handler chain adds the HTML content type.
 */
export const WebPage = z.object({
  status: z.number().int().min(200).max(599),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type WebPage = z.infer<typeof WebPage>;
