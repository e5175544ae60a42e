import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The server's imports run one way (docs/flows.md): app → http → use-cases → policies/present →
// queries → db. A lower layer that imported a higher one would tie the route wrapper and the work
// it wraps back together, so each rule below names the imports it forbids.

const root = path.resolve(import.meta.dirname, "../..");
const server = path.join(root, "lib/server");

/** Every file under `dir` (relative to the repository) with the lib/server modules it imports (at run time only, with `runtimeOnly`). */
function importsUnder(dir: string, runtimeOnly = false): { file: string; imports: string[] }[] {
  const files = (readdirSync(path.join(root, dir), { recursive: true }) as string[]).filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f));
  return files.map((f) => {
    const file = path.join(root, dir, f);
    const text = readFileSync(file, "utf8");
    const code = runtimeOnly ? text.replace(/import\s+type\s[^;]*?from\s*"[^"]+"/g, "") : text;
    const imports = [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)]
      .map((m) => m[1])
      .map((spec) => (spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null))
      .filter((p): p is string => p !== null && p.startsWith(server + path.sep))
      .map((p) => path.relative(server, p).replace(/\.(ts|tsx|mts|mjs)$/, ""));
    return { file: path.relative(root, file), imports };
  });
}

/** "file → import" for each import of a module under one of `layers` that `allowed` does not admit. */
function violations(dir: string, layers: string[], allowed: (imported: string) => boolean = () => false, runtimeOnly = false): string[] {
  return importsUnder(dir, runtimeOnly).flatMap(({ file, imports }) =>
    imports.filter((i) => layers.some((layer) => i.startsWith(`${layer}/`)) && !allowed(i)).map((i) => `${file} → ${i}`),
  );
}

// The http modules with no server layer above the queries behind them: the error type, request
// cookies and addresses, rate-limit counting, the outbound fetch guard. Anything may use them.
const HTTP_TOOLS = new Set(["http/errors", "http/cookies", "http/client-ip", "http/rate-limit", "http/safe-fetch", "http/special-purpose-addresses"]);
const httpTool = (i: string) => HTTP_TOOLS.has(i);

describe("the server's import direction", () => {
  it("keeps the old catch-all services folder gone", () => {
    expect(readdirSync(server)).not.toContain("services");
  });

  it("queries and db import no layer above them", () => {
    expect(violations("lib/server/queries", ["http", "use-cases", "policies", "present"])).toEqual([]);
    expect(violations("lib/server/db", ["http", "use-cases", "policies", "present", "queries"])).toEqual([]);
  });

  it("policies and present import no use case and, of http, only its tools", () => {
    expect(violations("lib/server/policies", ["use-cases", "present", "http"], httpTool)).toEqual([]);
    expect(violations("lib/server/present", ["use-cases", "http"], httpTool)).toEqual([]);
  });

  it("use cases import, of http, only its tools (never the route wrapper or a response builder)", () => {
    expect(violations("lib/server/use-cases", ["http"], httpTool)).toEqual([]);
  });

  it("the http tools import nothing from the layers that use them", () => {
    const tools = importsUnder("lib/server/http").filter(({ file }) => HTTP_TOOLS.has(path.relative("lib/server", file).replace(/\.ts$/, "")));
    expect(tools.length).toBe(HTTP_TOOLS.size);
    const upward = tools.flatMap(({ file, imports }) => imports.filter((i) => /^(use-cases|policies|present)\//.test(i)).map((i) => `${file} → ${i}`));
    expect(upward).toEqual([]);
  });

  it("only queries (and db itself) run SQL: nothing else imports drizzle or a database handle", () => {
    const sqlOutsideQueries = ["app", "lib/server"].flatMap((dir) =>
      (readdirSync(path.join(root, dir), { recursive: true }) as string[])
        .map((f) => path.join(dir, f))
        .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && !/^lib\/server\/(queries|db)\//.test(f))
        .filter((f) => /from "drizzle-orm|\b(getDb|getDatabase)\b/.test(readFileSync(path.join(root, f), "utf8"))),
    );
    expect(sqlOutsideQueries).toEqual([]);
  });

  it("components never reach the database (they may share its row types)", () => {
    expect(violations("components", ["db", "queries"], () => false, true)).toEqual([]);
  });
});

describe("the client boundary", () => {
  // A module that is not "use client" and imports a value other than a component from one that
  // is: in a server component that value is a client reference, not the value (the data key the
  // app shell once seeded its cache with became a function, and every page drew its header signed
  // out). Constants shared across the boundary live in a plain module.
  it("only components cross from a 'use client' module into one that is not", () => {
    const files = ["app", "components", "lib"].flatMap((dir) =>
      (readdirSync(path.join(root, dir), { recursive: true }) as string[]).map((f) => path.join(root, dir, f)).filter((f) => /\.(ts|tsx)$/.test(f)),
    );
    const isClient = (file: string) => /^\s*["']use client["']/.test(readFileSync(file, "utf8"));
    const clientModules = new Set(files.filter(isClient));
    const resolveModule = (from: string, spec: string) => {
      const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
      return base === null ? null : ([".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((f) => clientModules.has(f)) ?? null);
    };
    const crossings = files
      .filter((file) => !clientModules.has(file))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+["']([^"']+)["']/g)].flatMap(([, names, spec]) => {
          if (resolveModule(file, spec) === null) return [];
          const values = names
            .split(",")
            .map((n) => n.trim())
            .filter((n) => n && !n.startsWith("type "))
            .map((n) => n.split(/\s+as\s+/)[0]);
          return values.filter((n) => !/^[A-Z][a-z]/.test(n)).map((n) => `${path.relative(root, file)} ← ${n} from ${spec}`);
        }),
      );
    expect(crossings).toEqual([]);
  });
});
