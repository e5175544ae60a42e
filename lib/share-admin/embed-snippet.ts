// The HTML an owner pastes into their own site to show a share there (the shares tab copies it).

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#39;", "<": "&lt;", ">": "&gt;" };

function attribute(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

/**
 * An <iframe> of the share's page, titled with its name for screen readers, as wide as the host's
 * column allows up to a chat-sized box. clipboard-write lets visitors copy answers from inside it.
 */
export function embedSnippet(share: { shareUrl: string; name: string }): string {
  return `<iframe src="${attribute(share.shareUrl)}" title="${attribute(share.name)}" width="400" height="640" style="border:0;max-width:100%" allow="clipboard-write" loading="lazy"></iframe>`;
}

/**
 * The chat bubble's one line (GET /embed.js on the share's own site): a floating button that opens
 * the share in a panel, framed as the <iframe> is, so the same list of sites decides.
 */
export function bubbleSnippet(share: { shareUrl: string; shareId: string }): string {
  const origin = new URL(share.shareUrl).origin;
  return `<script src="${attribute(`${origin}/embed.js`)}" data-assistant="${attribute(share.shareId)}" data-position="right" data-color="#2563eb" async></script>`;
}

/**
 * Which entry of the list a validation issue points at, if any: the server's detail names the
 * field ("embedOrigins.2"), the browser's own check of the list alone gives the index ([2]).
 */
export function embedOriginIndex(path: string | readonly PropertyKey[]): number | null {
  const parts = typeof path === "string" ? path.split(".") : path.map(String);
  const rest = parts[0] === "embedOrigins" ? parts.slice(1) : parts;
  if (rest.length !== 1 || !/^\d+$/.test(rest[0])) return null;
  return Number(rest[0]);
}
