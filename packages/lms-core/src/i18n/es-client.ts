/**
 * The API client's own English texts (SPEC.md §8), part of the catalogue (es.ts spreads them):
 * a module of their own, so an app's opening code that loads the client loads no other text.
 */
export const esClient = {
  "auth.sessionExpired": "Your session has expired.",
  "errors.noInternet": "No internet connection",
  "errors.generic": "Oops! Something wen't wrong.",
} as const;
