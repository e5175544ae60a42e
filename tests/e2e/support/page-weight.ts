import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

// First-load JavaScript of a page of the production build, read from the build's own output: the
// runtime's main files plus the client entries of the root layout, every layout above the page
// and the page itself (.next/server/app/<route>/page_client-reference-manifest.js). Sizes are
// gzip level 9 of each file, as a server or CDN would send them, each file counted once.

const root = path.resolve(import.meta.dirname, "../../..");
const nextDir = path.join(root, ".next");

export interface PageWeight {
  page: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** `page` is the app directory path of the page, e.g. "(public)/auth" or "shared/[shareId]"; "" for the root page. */
export function firstLoadJs(page: string): PageWeight {
  const manifestFile = path.join(nextDir, "server/app", page, "page_client-reference-manifest.js");
  if (!existsSync(manifestFile)) throw new Error(`no build output for ${page} (${manifestFile}): build first`);
  const sandbox: { globalThis: { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } } = { globalThis: {} };
  vm.runInNewContext(readFileSync(manifestFile, "utf8"), sandbox);
  const manifest = Object.values(sandbox.globalThis.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`unreadable client manifest for ${page}`);
  const build = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };

  // The root layout, each layout on the way down (route groups included), and the page.
  const segments = page.split("/").filter(Boolean);
  const entries = ["[project]/app/layout"];
  let at = "[project]/app";
  for (const segment of segments) {
    at += `/${segment}`;
    entries.push(`${at}/layout`);
  }
  entries.push(`${at}/page`);
  if (!manifest.entryJSFiles[`${at}/page`]) throw new Error(`the manifest of ${page} has no entry for the page itself`);

  const files = new Set(build.rootMainFiles);
  for (const entry of entries) for (const file of manifest.entryJSFiles[entry] ?? []) files.add(file);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(nextDir, file));
    rawBytes += bytes.length;
    gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return { page, files: files.size, rawBytes, gzipBytes };
}
