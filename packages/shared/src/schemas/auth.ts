import { z } from 'zod';

/** Account payloads, shared by the sign-in screens and the server routes. */
export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254)
  .email('Enter a valid email address.')
  .transform((v) => v.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(200, 'Password is too long.');

export const LoginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1).max(200),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export const RefreshSchema = z.object({
  refresh: z.string().min(1),
  csrfmiddlewaretoken: z.string().optional(),
});

export const SignupSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required.').max(100),
  last_name: z.string().trim().min(1, 'Last name is required.').max(100),
  email: EmailSchema,
  password: PasswordSchema,
  type: z.string().optional(),
});
export type SignupInput = z.infer<typeof SignupSchema>;

export const UserCheckSchema = z.object({ email: z.string().trim().max(254) });

export const ResetPasswordSchema = z.object({
  password: PasswordSchema,
  token: z.string().min(1).max(200),
});

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
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
