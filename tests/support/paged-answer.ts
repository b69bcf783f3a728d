/**
 * A list call answered as the server pages it (docs/decisions/007), for web tests that stand
 * in for the API: `pageSize` rows unless ?limit= says otherwise, from ?offset=, and
 * `Link: <same query with the next limit and offset>; rel="next"` while more rows follow.
 */
export function pagedAnswer<T>(url: URL, rows: T[], pageSize: number): Response {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? pageSize);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (offset + limit < rows.length) {
    const next = new URLSearchParams(url.search);
    next.set('limit', String(limit));
    next.set('offset', String(offset + limit));
    headers.link = `<${url.pathname}?${next}>; rel="next"`;
  }
  return new Response(JSON.stringify(rows.slice(offset, offset + limit)), { headers });
}
