import { z } from 'zod';

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

export const staffUserSchema = z.object({
  username: z.string(),
  /** Set when the account must add a second factor before it may do anything else. */
  mustEnrol: z.literal(true).optional(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const INVALID_CREDENTIALS = 'Invalid credentials. Please check your username and password.';
