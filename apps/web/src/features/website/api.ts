/** Calls the public website makes. */
import type { ContactInput } from '@dd/shared';
import { get, post } from '../../api/client';

/** The website's query keys. */
export const websiteKeys = {
  all: ['website-page'] as const,
  page: (url: string) => ['website-page', url] as const,
};

/** The page-builder url of a website path: '' is the landing page '/', 'about-us' is '/about-us/'. */
export function pageUrl(path: string): string {
  return `/${path.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}

const fetchPage = (url: string) => get<unknown>('/api/modelWebsite/page/', { url });
const EARLY_MS = 10_000;
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/**
 * Starts loading a website page's content while the page's code is still downloading, so the two do not
 * wait on each other (the landing page's largest paint).
 */
export function prefetchPage(path: string): void {
  const url = pageUrl(path);
  if (early.has(url)) return;
  const answer = fetchPage(url);
  answer.catch(() => undefined); // Read by loadPage; a failure is reported there, not as unhandled.
  early.set(url, { answer, at: Date.now() });
}

/** The page's content: the answer prefetchPage started (once, while fresh), or a new call. */
export function loadPage(url: string): Promise<unknown> {
  const started = early.get(url);
  early.delete(url);
  return started && Date.now() - started.at < EARLY_MS ? started.answer : fetchPage(url);
}

/** Sends the contact form through the e-mail endpoint with the 'contact' template. */
export function sendContactMessage(input: ContactInput): Promise<unknown> {
  return post('/api/email/', {
    template: 'contact',
    name: input.name,
    number: input.number,
    email: input.email,
    industry: input.industry,
    message: input.message,
  });
}
