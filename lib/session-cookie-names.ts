// Both spellings: the Secure variant is used when the site is served over https.
export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;
