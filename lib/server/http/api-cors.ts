import "server-only";

// The public API is called with a key in the Authorization header, never with cookies, so it
// may be called from any origin without lending anyone's session: any origin, no credentials,
// only its own methods and the two headers a client sends, and the headers a client must read.

export const API_CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After, X-Request-Id",
};

/** OPTIONS of a public API route: the preflight a browser makes before sending a key. */
export function apiPreflight(methods: readonly string[]): () => Promise<Response> {
  return async () =>
    new Response(null, {
      status: 204,
      headers: {
        ...API_CORS_HEADERS,
        "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
        "Access-Control-Allow-Headers": "Authorization, Content-Type",
        "Access-Control-Max-Age": "600",
      },
    });
}
