import { z } from 'zod';
import { MSG } from '../messages';

/** The public contact form. */
export const ContactSchema = z.object({
  name: z.string().trim().max(200).default(''),
  number: z.string().trim().max(50).default(''),
  email: z
    .string({ error: MSG.contactEmailRequired })
    .trim()
    .min(1, MSG.contactEmailRequired)
    .max(254)
    .email('Enter a valid email address.'),
  industry: z.string().trim().max(200).default(''),
  message: z.string().trim().max(5000).default(''),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const EmailSendSchema = z.object({
  from_email: z.string().max(254).optional(),
  to_email: z.string().trim().min(1).max(1000),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1).max(50_000),
});
