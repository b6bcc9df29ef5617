import { z } from 'zod';
import { requiredEmail } from '@/lib/email';

/** The sign-in form (back-office.md §5: email and password required). */
export const loginSchema = z.object({
  email: requiredEmail(),
  password: z.string().min(1, 'Password is required'),
});

export type LoginValues = z.infer<typeof loginSchema>;
