import type { messages } from '../messages.ts';

/** A message with its literal English text widened: a string, or a function of the same arguments giving one. */
type Translated<T> = T extends (...args: infer A) => string ? (...args: A) => string : string;

/**
 * The shape every language's dictionary has: exactly the keys of the English `messages`, each a
 * string or a function of the same arguments. `satisfies Messages` on a dictionary makes the
 * type check fail on a missing or an extra key (messages.parity.test.ts checks it at run time).
 */
export type Messages = { readonly [K in keyof typeof messages]: Translated<(typeof messages)[K]> };
