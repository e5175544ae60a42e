// Where "support us" goes (SPEC §2: a button opening an external site): the donation page set in
// SUPPORT_URL, or this product's own /support page when none is. Either opens in a new tab, so a
// visitor's conversation stays where it was.
export function supportLink(supportUrl: string | undefined): { href: string; external: boolean } {
  return supportUrl ? { href: supportUrl, external: true } : { href: "/support", external: false };
}
