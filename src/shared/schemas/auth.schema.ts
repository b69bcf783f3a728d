import { z } from 'zod';
import { messages } from '../messages.ts';

// Spec section 5: login and sign-up forms. Only presence is checked (plus input type email).
const requiredEmail = z.string().trim().min(1, { message: messages.emailRequired });
const requiredPassword = z.string().min(1, { message: messages.passwordRequired });

export const loginFormSchema = z.object({ email: requiredEmail, password: requiredPassword });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const signUpFormSchema = z.object({
  name: z.string().trim().min(1, { message: messages.nameRequired }),
  email: requiredEmail,
  password: requiredPassword,
});
export type SignUpForm = z.infer<typeof signUpFormSchema>;
