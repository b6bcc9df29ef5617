import { z } from 'zod';

/** DECISIONS.md "Accounts and sessions": passwords have at least 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;

/** A new password, typed twice. */
export const newPasswordFields = {
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  confirmPassword: z.string().min(1, 'Please confirm the password'),
};

/** Puts 'Passwords do not match' on the confirmation when the two differ. */
export const passwordsMatch = {
  check: (values: { password: string; confirmPassword: string }) =>
    values.password === values.confirmPassword,
  options: { path: ['confirmPassword'], message: 'Passwords do not match' },
};
