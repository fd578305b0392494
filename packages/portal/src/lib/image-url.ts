/**
 * An image the API serves to signed-in users (photos, logos, course images): an <img> sends no
 * form body, so the token travels as the query token SPEC.md §7 allows; `version` busts the cache
 * after a change.
 */
export function authorizedImageUrl(
  url: string | null | undefined,
  token: string | null | undefined,
  version?: string | null,
): string | undefined {
  if (!url) return undefined;
  if (/^(data|blob):/.test(url)) return url;
  const params = new URLSearchParams();
  if (token) params.set("token", token);
  if (version) params.set("v", version);
  const query = params.toString();
  if (!query) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}
