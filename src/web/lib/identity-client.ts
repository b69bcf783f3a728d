// The identity layer's endpoints (Better Auth under /api/auth, docs/decisions/001-identity-and-access-tokens.md) called with plain
// fetch: no client library, so the home route stays small (docs/decisions/009).

/** An error from /api/auth (Better Auth: {message, code}) or from our own limit ({error}). */
export class IdentityError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** A call to /api/auth + path: GET without a body, POST with one. */
export async function identityRequest<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new IdentityError(0, 'Network error: the shop could not be reached');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const shaped = data as { message?: string; error?: { message?: string } } | null;
    const message = shaped?.error?.message ?? shaped?.message ?? (response.statusText || 'Request failed');
    throw new IdentityError(response.status, message);
  }
  return data as T;
}

export interface IdentitySession {
  session?: { id?: string };
  user: { id: string; name: string; email: string; image?: string | null };
}

/** GET /api/auth/get-session: the identity session and its user, or null when signed out. */
export function getIdentitySession(): Promise<IdentitySession | null> {
  return identityRequest<IdentitySession | null>('/get-session');
}
