// A web page's address as a link the browser may follow: http(s) only, whatever was stored, so a
// source can never become a javascript: or data: link.

export function webPageHref(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
