/**
 * The most common passwords, from zxcvbn-ts's bundled list (about 49,000 leaked passwords,
 * offline). Only those the shop's minimum length lets through matter. Loaded on first use so
 * a start that never sees a password does not pay for it.
 */
let commonPasswords: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string, minLength: number): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((word) => word.length >= minLength)),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
