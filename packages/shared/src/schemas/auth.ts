import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isPlainEmail } from '../email-address';
import { IdSchema } from '../ids';
import { requiredFieldMessage } from '../messages';
import { personNameSchema } from '../names';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../password-rule';
import { normalizeTimeZone } from '../time-zones';

/** Account payloads, shared by the sign-in screens and the server routes. */
/** A user's address: one plain address (email-address.ts), matched ignoring case. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, INVALID_EMAIL_MESSAGE)
  .refine(isPlainEmail, INVALID_EMAIL_MESSAGE)
  .transform((v) => v.toLowerCase());

/** The rule for a new password, shown under the field before anyone types. */
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** The sign-in form checks these too: a blank field shows the form's required-field message. */
export const LoginSchema = z.object({
  email: z
    .string({ error: requiredFieldMessage('Email') })
    .trim()
    .min(1, requiredFieldMessage('Email'))
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: requiredFieldMessage('Password') })
    .min(1, requiredFieldMessage('Password'))
    .max(200),
  /** The browser's IANA zone, stored on the user; anything that is not a zone is ignored (older clients). */
  timezone: z
    .string()
    .nullish()
    .transform((v) => normalizeTimeZone(v) ?? undefined),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const RefreshSchema = z.object({
  refresh: z.string().min(1),
});

/** Sign-out: the refresh token, or only the bearer access token of the session to end. */
export const RevokeSchema = RefreshSchema.partial({ refresh: true });

/** A field of a form that must be filled out: missing or blank reads the spec's required-field message. */
const filledOut = (label: string) =>
  z
    .string({ error: requiredFieldMessage(label) })
    .refine((v) => v.trim() !== '', requiredFieldMessage(label));

/**
 * The firm is named after the person, so the names are plain text (no links: anti-phishing). The sign-up
 * form checks this schema too, so an empty field reads as the form labels it, then each field's own rule.
 */
export const SignupSchema = z.object({
  first_name: filledOut('First Name').pipe(personNameSchema('First name')),
  last_name: filledOut('Last Name').pipe(personNameSchema('Last name')),
  email: filledOut('Email').pipe(EmailSchema),
  password: filledOut('Password').pipe(PasswordSchema),
  type: z.string().optional(),
});
export type SignupInput = z.infer<typeof SignupSchema>;

/**
 * A new sign-up proves its address with a single-use link before its firm may order or invite
 * (/confirmEmail/{user_id}/?token=…); the link works once and for this many hours.
 */
export const CONFIRM_LINK_HOURS = 72;
export const ConfirmEmailSchema = z.object({
  user_id: IdSchema,
  token: z.string().min(1).max(200),
});
/** POST /users/userCheck/ (the Forgot Password form checks it too): any address is looked up as typed. */
export const UserCheckSchema = z.object({
  email: z
    .string({ error: requiredFieldMessage('Email') })
    .trim()
    .max(254, INVALID_EMAIL_MESSAGE),
});

export const ResetPasswordSchema = z.object({
  password: filledOut('Password').pipe(PasswordSchema),
  token: z.string().min(1).max(200),
});
/** The reset form's own field (the token comes from the link in the e-mail). */
export const ResetPasswordFormSchema = ResetPasswordSchema.pick({ password: true });

/** What the signed-in user may do anywhere (decided by the server's policy module). */
export const CallerAbilitiesSchema = z.object({
  /** Name another user of the firm as a request's main contact. */
  choose_main_contact: z.boolean(),
  /** Staff of the retrieval company: claims, the staff views, the provider directory and companies. */
  is_internal_staff: z.boolean(),
  /** Fee figures in the reports (the view_fees permission). */
  view_fees: z.boolean(),
  /** The per-company count listing (the view_company_counts permission). */
  view_company_counts: z.boolean(),
  /** The Roles and permissions screen (internal administrators). */
  manage_roles: z.boolean(),
});
export type CallerAbilities = z.infer<typeof CallerAbilitiesSchema>;

export const CurrentUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  company_id: z.number(),
  company_name: z.string(),
  role_id: z.number().nullable(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  is_admin_user: z.boolean(),
  is_internal: z.boolean(),
  permissions: z.array(z.string()),
  /** Minutes of inactivity after which the web app signs the user out. */
  session_timeout_minutes: z.number(),
  /** False until a new sign-up opens its confirmation link; ordering and inviting wait for it. */
  email_confirmed: z.boolean(),
  /** The IANA zone 'today' is computed in ('UTC' until the user signs in from a browser or chooses one). */
  timezone: z.string(),
  /** A firm user asked for the weekly e-mail of the firm's overdue and due-soon requests. */
  weekly_deadline_digest: z.boolean(),
  abilities: CallerAbilitiesSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
