// Lets a worker thread import the app's own TypeScript modules directly: Node strips the types
// (built in from Node 22.18 / 23.6), and these hooks resolve what the Next.js bundler would: the
// "@/…" alias, imports without an extension, and "server-only" (a marker that throws outside React
// Server Components; these modules are server code all the same). Imported for its effect, before
// any TypeScript module. Code loaded this way may use only erasable TypeScript (no enums or
// parameter properties).
import { existsSync, statSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// The app always runs from the project root (the worker itself is loaded by that path).
const root = process.cwd();
const EMPTY_MODULE = "data:text/javascript,export {}";
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js", "/index.ts"];

function isFile(file) {
  return existsSync(file) && statSync(file).isFile();
}

function locate(target) {
  if (isFile(target)) return target;
  for (const extension of EXTENSIONS) if (isFile(target + extension)) return target + extension;
  return null;
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "server-only") return { url: EMPTY_MODULE, shortCircuit: true };
    let target = null;
    if (specifier.startsWith("@/")) target = path.join(root, specifier.slice(2));
    else if ((specifier.startsWith("./") || specifier.startsWith("../")) && context.parentURL?.startsWith("file:")) {
      target = path.resolve(path.dirname(fileURLToPath(context.parentURL)), specifier);
    }
    const file = target && locate(target);
    if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
