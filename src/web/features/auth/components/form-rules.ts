import { messages } from '../../../../shared/messages.ts';

/**
 * What the login and sign-up forms check before asking the identity server (spec section 5):
 * only that each field is filled in (the email box is also an email input). React Hook Form's
 * own `validate` rules rather than a zod schema, so these two pages, where visitors sign in,
 * do not download zod (docs/decisions/034).
 */
export type LoginForm = { email: string; password: string };
export type SignUpForm = LoginForm & { name: string };

/** A check React Hook Form runs on a field: true when it is fine, else the message to show. */
type FieldRule = (value: string) => true | string;

const filledIn =
  (message: string): FieldRule =>
  (value) =>
    value.trim() !== '' || message;

export const loginFormRules = {
  email: filledIn(messages.emailRequired),
  // A password is taken as typed: spaces are characters of it.
  password: (value) => value !== '' || messages.passwordRequired,
} satisfies Record<keyof LoginForm, FieldRule>;

export const signUpFormRules = {
  name: filledIn(messages.nameRequired),
  ...loginFormRules,
} satisfies Record<keyof SignUpForm, FieldRule>;
