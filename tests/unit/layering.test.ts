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

// http/ is the top of the server: the route wrapper and the responses it builds. Only routes (app/)
// and http/ itself import it; what every layer may use lives beside the layers, importing none
// of them: the error type (errors.ts), request cookies (request-cookies.ts) and the outbound
// fetch guard (outbound/).
const SHARED_TOOLS = ["errors", "request-cookies"];
const SHARED_TOOL_DIRS = ["outbound"];
describe("the server's import direction", () => {
  it("keeps the old catch-all services folder gone", () => {
    expect(readdirSync(server)).not.toContain("services");
  });

  it("queries and db import no layer above them", () => {
    expect(violations("lib/server/queries", ["http", "use-cases", "policies", "present"])).toEqual([]);
    expect(violations("lib/server/db", ["http", "use-cases", "policies", "present", "queries"])).toEqual([]);
  });

  it("policies and present import no use case and nothing of http", () => {
    expect(violations("lib/server/policies", ["use-cases", "present", "http"])).toEqual([]);
    expect(violations("lib/server/present", ["use-cases", "http"])).toEqual([]);
  });

  it("use cases import nothing of http (neither the route wrapper nor a response builder nor a tool)", () => {
    expect(violations("lib/server/use-cases", ["http"])).toEqual([]);
  });

  it("nothing on the server below the routes imports http/", () => {
    const upward = importsUnder("lib/server")
      .filter(({ file }) => !file.startsWith("lib/server/http/"))
      .flatMap(({ file, imports }) => imports.filter((i) => i.startsWith("http/")).map((i) => `${file} → ${i}`));
    expect(upward).toEqual([]);
  });

  it("the tools every layer uses import none of the layers", () => {
    const tools = [
      ...SHARED_TOOLS.flatMap((name) => importsUnder("lib/server").filter(({ file }) => file === `lib/server/${name}.ts`)),
      ...SHARED_TOOL_DIRS.flatMap((dir) => importsUnder(`lib/server/${dir}`)),
    ];
    expect(tools.length).toBeGreaterThan(SHARED_TOOLS.length);
    const upward = tools.flatMap(({ file, imports }) => imports.filter((i) => /^(http|use-cases|policies|present|queries|db)\//.test(i)).map((i) => `${file} → ${i}`));
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

describe("the API's answer types", () => {
  // Screens read the API's answers as lib/server/present/api-types.ts names them, the types the
  // route handlers return: a module of types alone, so client code imports it without any of the
  // server, and a changed answer fails to compile where it is read.
  const apiTypes = "present/api-types";

  it("api-types holds types only: no code, and it imports nothing at run time", () => {
    const text = readFileSync(path.join(server, `${apiTypes}.ts`), "utf8");
    const statements = text.split("\n").filter((line) => /^(import|export)\b/.test(line));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((line) => !/^(import type|export type|export interface)\b/.test(line))).toEqual([]);
  });

  it("components and the client's modules reach present/ only through api-types", () => {
    const outsideServer = importsUnder("lib").filter(({ file }) => !file.startsWith("lib/server/"));
    const stray = [...importsUnder("components"), ...outsideServer].flatMap(({ file, imports }) =>
      imports.filter((i) => i.startsWith("present/") && i !== apiTypes).map((i) => `${file} → ${i}`),
    );
    expect(stray).toEqual([]);
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
