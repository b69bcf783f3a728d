import type { messages } from '../messages.ts';

/** A message with its literal English text widened: a string, or a function of the same arguments giving one. */
type Translated<T> = T extends (...args: infer A) => string ? (...args: A) => string : string;

/**
 * Another language's dictionary for the English dictionary `English`: exactly its keys, each a
 * string or a function of the same arguments. `satisfies DictionaryOf<typeof shellMessages>` on
 * a dictionary makes the type check fail on a missing or an extra key
 * (messages.parity.test.ts checks it at run time).
 */
export type DictionaryOf<English> = { readonly [K in keyof English]: Translated<English[K]> };

/** The shape every language's whole dictionary has: the keys of the English `messages`. */
export type Messages = DictionaryOf<typeof messages>;
