/** The cookies one simulated browser holds: kept from Set-Cookie, sent back with every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const pair = line.split(";")[0];
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An emptied cookie is the server deleting it.
      if (value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
