import { z } from 'zod';

/** An email address that must be given (back-office.md §5's messages). */
export const requiredEmail = () =>
  z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address'));
