import { z } from 'zod';
import { STAFF_ROLES } from './staff-roles.js';

const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

/** The sign-in form; the same messages show in the browser and come back from the server. */
export const loginSchema = z.object({
  username: requiredString('Username is required')
    .pipe(z.string().min(3, 'Username must be at least 3 characters'))
    .pipe(z.string().max(150, 'Username must be at most 150 characters')),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(1024, 'Password must be at most 1024 characters'),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginSchema>;

export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: `Choose from ${STAFF_ROLES.join(', ')}` }), { error: 'Choose at least one role' })
  .min(1, 'Choose at least one role')
  .max(STAFF_ROLES.length)
  .transform((roles) => STAFF_ROLES.filter((role) => roles.includes(role)));

export const staffUserSchema = z.object({
  username: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** Signed in with a one-time password: the console shows only the change-password screen until it is changed. */
  must_change_password: z.boolean().optional(),
  /** Set when the account must add a second factor before it may do anything else. */
  must_enrol: z.literal(true).optional(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const INVALID_CREDENTIALS = 'Invalid credentials. Please check your username and password.';
export const PASSWORD_CHANGE_NEEDED = 'Please choose your own password before going on.';
