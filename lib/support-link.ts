// Where "support us" goes (docs/rules/plans-and-referrals.md#becoming-a-supporter): the donation page set in
// SUPPORT_URL, or this product's own /support page when none is. Either opens in a new tab, so a
// visitor's conversation stays where it was.
export function supportLink(supportUrl: string | undefined): { href: string; external: boolean } {
  return supportUrl ? { href: supportUrl, external: true } : { href: "/support", external: false };
}
