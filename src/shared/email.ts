/** Emails as the identity layer stores them: trimmed and lower-case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** True when both name the same mailbox as far as the shop is concerned. */
export const sameEmail = (a: string, b: string): boolean => normalizeEmail(a) === normalizeEmail(b);
