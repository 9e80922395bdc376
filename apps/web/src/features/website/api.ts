/** Calls the public website makes. */
import type { ContactInput } from '@dd/shared';
import { post } from '../../api/client';

/** The website's query keys. */
export const websiteKeys = {
  all: ['website-page'] as const,
  page: (url: string) => ['website-page', url] as const,
};

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
