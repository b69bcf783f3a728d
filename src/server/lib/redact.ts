/**
 * Secrets that travel in addresses: the password-reset token in the path of the mailed link
 * (/api/auth/reset-password/<token>), and `token`, `code` and `state` in query strings
 * (verification links, the reset page, the OAuth callback). Anyone who reads a log line with
 * one of them could take over the account, so no log line keeps them.
 */
const TOKEN_IN_PATH = /(\/reset-password\/)[^/?#\s"'\\]+/gi;
const TOKEN_IN_QUERY = /([?&](?:token|code|state)=)[^&#\s"'\\]+/gi;

export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');
}

/**
 * Where every log line goes: a stream that redacts tokens from each serialized line before it
 * reaches `target` (stdout by default), whichever code logged it (requests, mail, identity).
 */
export function redactingStream(target: { write(line: string): unknown } = process.stdout) {
  return {
    write(line: string) {
      target.write(redactTokens(line));
    },
  };
}
