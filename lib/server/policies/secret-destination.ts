import "server-only";

// A saved secret (the mail server's password, the AI service's key) belongs to the destination it
// was saved for. Changing where it would go means typing it again: pointing a form at another
// host never sends the old secret there.

export interface MailDestination {
  host: string;
  port: number;
  username: string | null;
}

/** Whether the password saved for `saved` may be used for `next`: the same host (any case), port and user. */
export function secretMayFollow(saved: MailDestination, next: MailDestination): boolean {
  return saved.host.toLowerCase() === next.host.toLowerCase() && saved.port === next.port && (saved.username ?? null) === (next.username ?? null);
}

/** Whether the key saved with `savedBaseUrl` may be sent to `nextBaseUrl`: the same URL, compared as written after parsing. */
export function keyMayFollow(savedBaseUrl: string | undefined, nextBaseUrl: string | undefined): boolean {
  return normalizeUrl(savedBaseUrl) === normalizeUrl(nextBaseUrl);
}

function normalizeUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).href.replace(/\/+$/, "");
  } catch {
    return raw;
  }
}
