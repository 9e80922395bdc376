import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isPlainEmail, normalizeEmail } from '../email-address';
import { MSG } from '../messages';

/** The public contact form. */
export const ContactSchema = z.object({
  name: z.string().trim().max(200).default(''),
  number: z.string().trim().max(50).default(''),
  email: z
    .string({ error: MSG.contactEmailRequired })
    .trim()
    .min(1, MSG.contactEmailRequired)
    .max(254, INVALID_EMAIL_MESSAGE)
    .refine(isPlainEmail, INVALID_EMAIL_MESSAGE)
    .transform(normalizeEmail),
  industry: z.string().trim().max(200).default(''),
  message: z.string().trim().max(5000).default(''),
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const RECIPIENTS_INVALID_MESSAGE = 'Enter valid recipient e-mail addresses.';
/** The addresses of a comma-separated recipient field, blanks dropped. */
export const recipientList = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** Staff free text: recipients are plain addresses separated by commas, nothing else. */
export const EmailSendSchema = z.object({
  /** Sent by the spec's client but never used: every message goes out from the product's own address. */
  from_email: z.string().max(254).optional(),
  to_email: z
    .string()
    .trim()
    .min(1, RECIPIENTS_INVALID_MESSAGE)
    .max(1000)
    .refine(
      (v) => recipientList(v).length > 0 && recipientList(v).every(isPlainEmail),
      RECIPIENTS_INVALID_MESSAGE,
    ),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1).max(50_000),
});
