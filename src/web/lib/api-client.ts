import type { ErrorCode } from '../../shared/errors.ts';
import { getAccessToken } from './access-token.ts';

/** The server's error shape (src/shared/errors.ts) as a typed error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file's text sent as it is, with its content type, instead of a JSON body. */
  file?: { text: string; type: string };
  signal?: AbortSignal;
}

/** Calls /api + path with the stored access token as Bearer (spec section 7). */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { data } = await request(path, options);
  return data as T;
}

/** GET of a file the server makes (an invoice): its bytes, with the access token sent as for any call. */
export async function apiFetchFile(path: string): Promise<Blob> {
  const { data } = await request(path, {}, 'file');
  return data as Blob;
}

/** POST of a file's text as the request body (a CSV import), answered with JSON. */
export async function apiSendFile<T>(path: string, file: { text: string; type: string }): Promise<T> {
  const { data } = await request(path, { method: 'POST', file });
  return data as T;
}

/** One page of a list call: its rows and the path (under /api) of the page after it, if any. */
export interface ApiPage<T> {
  rows: T[];
  next: string | null;
}

/**
 * GET of a paged list (docs/decisions/007): the answer is a plain array of at most one page,
 * and `Link: </api/...>; rel="next"` names the next page while more rows follow. `next` is
 * returned as a path for this function again (without the /api prefix).
 */
export async function apiFetchPage<T>(
  path: string,
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<ApiPage<T>> {
  const { data, response } = await request(path, options);
  if (!Array.isArray(data))
    throw new ApiError(response.status, 'INTERNAL', 'Expected a list from the server');
  return { rows: data as T[], next: nextPageFromLink(response.headers.get('link')) };
}

/**
 * The rel="next" target of a Link header (RFC 8288) as a path under /api, or null. Only a
 * same-origin /api address is followed: the next request carries the Bearer token.
 */
export function nextPageFromLink(header: string | null): string | null {
  if (!header) return null;
  for (const [, target = '', params = ''] of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes('next')) continue;
    let url: URL;
    try {
      url = new URL(target, window.location.origin);
    } catch {
      return null;
    }
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/api/')) return null;
    return `${url.pathname.slice('/api'.length)}${url.search}`;
  }
  return null;
}

async function request(
  path: string,
  options: RequestOptions,
  answer: 'json' | 'file' = 'json',
): Promise<{ data: unknown; response: Response }> {
  const headers: Record<string, string> = { accept: answer === 'json' ? 'application/json' : '*/*' };
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.file) headers['content-type'] = options.file.type;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.file?.text ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Network error: the shop could not be reached');
  }
  if (answer === 'file' && response.ok) return { data: await response.blob(), response };
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as { error?: { code?: ErrorCode; message?: string; details?: unknown } } | undefined)
      ?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'INTERNAL',
      error?.message ?? response.statusText,
      error?.details,
    );
  }
  return { data, response };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
