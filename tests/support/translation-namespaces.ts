// Which translation namespaces a page's code can ask for, read from the source: every module
// reachable by import (static or dynamic, since lazily loaded pieces read the same provider) from
// the given entry files, and in each the namespaces of useTranslations("ns") / useTranslations("ns.sub").
// A module calling useTranslations() with no namespace reads keys as t("ns.key"): each such
// literal's first segment counts, and schema-driven form errors (lib/use-zod-form-errors.ts) read
// "validation.*". Over-counting is safe (the test asks for more to be sent), under-counting is not.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package: its own strings, not ours
  if (/\.(tsx?|json)$/.test(base) && existsSync(base)) return base.endsWith(".json") ? null : base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g;
const NAMESPACE = /useTranslations\(\s*"([^".]+)[^"]*"\s*\)/g;
const ROOT_KEY = /\b\w+(?:\.rich|\.has|\.raw)?\(\s*"([a-zA-Z]+)\.[\w.]+"/g;

/** Namespace → the files that use it, over everything reachable from `entries` (paths from the project root). */
export function namespacesReachable(entries: readonly string[]): Map<string, string[]> {
  const seen = new Set<string>();
  const queue = entries.map((e) => path.join(root, e));
  const found = new Map<string, string[]>();
  const note = (ns: string, file: string) => found.set(ns, [...(found.get(ns) ?? []), path.relative(root, file)]);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) throw new Error(`no such entry: ${file}`);
    const source = readFileSync(file, "utf8");
    // Server-only modules run on the server, where every message is at hand.
    if (/^import "server-only";/m.test(source)) continue;
    for (const [, ns] of source.matchAll(NAMESPACE)) note(ns, file);
    if (/useTranslations\(\s*\)/.test(source)) {
      for (const [, ns] of source.matchAll(ROOT_KEY)) note(ns, file);
      if (file.endsWith(path.join("lib", "use-zod-form-errors.ts"))) note("validation", file);
    }
    for (const [, specifier] of source.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return found;
}
