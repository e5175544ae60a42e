import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_KEYS, parseEnv } from "@/lib/env";

// What can be checked of the deployment files (compose.yaml, Dockerfile, the proxy's config,
// docs/deploy.md) without a container engine: that they agree with the app and with each other.

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

// ---------------------------------------------------------------------------------------------
// A YAML reader for the subset compose files use: block mappings and sequences, flow sequences
// and mappings, quoted and plain scalars, literal and folded block scalars, comments. No YAML
// parser is a dependency of the project; anything outside the subset (anchors, aliases, tags,
// multi-document streams) throws rather than being misread.

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml };

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[{,:-]/.test(line[i - 1])) quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i);
    }
  }
  return line;
}

/** The index of the ":" that ends a mapping key on this line, or -1 (quotes skipped). */
function keySeparator(text: string): number {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if ((c === '"' || c === "'") && i === 0) {
      quote = c;
    } else if (c === ":" && (i === text.length - 1 || text[i + 1] === " ")) {
      return i;
    }
  }
  return -1;
}

function plainScalar(text: string): Yaml {
  if (text === "" || text === "~" || text === "null") return null;
  if (text === "true") return true;
  if (text === "false") return false;
  if (/^[-+]?\d+$/.test(text) || /^[-+]?(\d+\.\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (/^[&*!%@`|>]/.test(text)) throw new Error(`unsupported YAML: ${text}`);
  return text;
}

function doubleQuoted(text: string, start: number): { value: string; end: number } {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return { value: JSON.parse(text.slice(start, i + 1)) as string, end: i + 1 };
  }
  throw new Error(`unterminated string: ${text}`);
}

function singleQuoted(text: string, start: number): { value: string; end: number } {
  let value = "";
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "'" && text[i + 1] === "'") {
      value += "'";
      i++;
    } else if (text[i] === "'") return { value, end: i + 1 };
    else value += text[i];
  }
  throw new Error(`unterminated string: ${text}`);
}

function flowValue(text: string, start: number, inMapKey = false): { value: Yaml; end: number } {
  let i = start;
  while (text[i] === " ") i++;
  const c = text[i];
  if (c === '"') return doubleQuoted(text, i);
  if (c === "'") return singleQuoted(text, i);
  if (c === "[" || c === "{") {
    const isSeq = c === "[";
    const close = isSeq ? "]" : "}";
    const items: Yaml[] = [];
    const map: Record<string, Yaml> = {};
    i++;
    for (;;) {
      while (text[i] === " ") i++;
      if (text[i] === close) return { value: isSeq ? items : map, end: i + 1 };
      if (isSeq) {
        const item = flowValue(text, i);
        items.push(item.value);
        i = item.end;
      } else {
        const key = flowValue(text, i, true);
        i = key.end;
        while (text[i] === " ") i++;
        if (text[i] !== ":") throw new Error(`expected ":" in ${text}`);
        const value = flowValue(text, i + 1);
        map[String(key.value)] = value.value;
        i = value.end;
      }
      while (text[i] === " ") i++;
      if (text[i] === ",") i++;
      else if (text[i] !== close) throw new Error(`expected "," or "${close}" in ${text}`);
    }
  }
  let end = i;
  while (end < text.length && !",]}".includes(text[end]) && !(inMapKey && text[end] === ":")) end++;
  return { value: plainScalar(text.slice(i, end).trim()), end };
}

function inlineValue(text: string): Yaml {
  if (/^["'[{]/.test(text)) {
    const { value, end } = flowValue(text, 0);
    if (text.slice(end).trim() !== "") throw new Error(`unexpected text after a value: ${text}`);
    return value;
  }
  return plainScalar(text);
}

function parseYaml(source: string): Yaml {
  const raw = source.split(/\r?\n/);
  const lines = raw.map((line, no) => {
    if (/^\s*\t/.test(line)) throw new Error(`tab indentation on line ${no + 1}`);
    const text = stripComment(line).trimEnd();
    return { indent: text.length - text.trimStart().length, text: text.trim() };
  });
  if (lines.some((l) => l.text === "---" || l.text === "...")) throw new Error("multi-document YAML is not supported");
  let at = 0;
  const next = () => {
    while (at < lines.length && lines[at].text === "") at++;
    return at < lines.length ? lines[at] : undefined;
  };
  const isItem = (text: string) => text === "-" || text.startsWith("- ");

  function blockScalar(header: string, parentIndent: number): string {
    const style = header[0];
    const chomp = header.includes("-") ? "strip" : header.includes("+") ? "keep" : "clip";
    const body: string[] = [];
    let indent = -1;
    while (at < raw.length) {
      const line = raw[at];
      const lineIndent = line.length - line.trimStart().length;
      if (line.trim() !== "" && lineIndent <= parentIndent) break;
      if (line.trim() !== "" && indent < 0) indent = lineIndent;
      body.push(line);
      at++;
    }
    const content = body.map((l) => l.slice(Math.max(indent, 0)));
    let text = style === "|" ? content.join("\n") : content.map((l) => (l === "" ? "\n" : `${l} `)).join("").replace(/ \n/g, "\n").trimEnd();
    const trailing = text.match(/\n*$/)?.[0] ?? "";
    text = text.slice(0, text.length - trailing.length);
    return chomp === "strip" ? text : chomp === "keep" ? text + trailing + "\n" : `${text}\n`;
  }

  function valueAfter(rest: string, indent: number): Yaml {
    if (/^[|>]/.test(rest)) {
      at++;
      return blockScalar(rest, indent);
    }
    if (rest !== "") {
      at++;
      return inlineValue(rest);
    }
    at++;
    const following = next();
    if (following && following.indent > indent) return node(following.indent);
    if (following && following.indent === indent && isItem(following.text)) return sequence(indent);
    return null;
  }

  function sequence(indent: number): Yaml[] {
    const items: Yaml[] = [];
    for (let line = next(); line && line.indent === indent && isItem(line.text); line = next()) {
      const content = line.text.slice(1).trim();
      if (content !== "" && !/^[|>]/.test(content) && !/^["'[{]/.test(content) && keySeparator(content) > 0) {
        // "- key: value" opens a mapping whose keys line up with this first one.
        const offset = line.text.length - content.length;
        lines[at] = { indent: indent + offset, text: content };
        items.push(mapping(indent + offset));
      } else {
        items.push(valueAfter(content, indent));
      }
    }
    return items;
  }

  function mapping(indent: number): Record<string, Yaml> {
    const map: Record<string, Yaml> = {};
    for (let line = next(); line && line.indent === indent && !isItem(line.text); line = next()) {
      const colon = keySeparator(line.text);
      if (colon <= 0) throw new Error(`expected "key: value", got: ${line.text}`);
      const rawKey = line.text.slice(0, colon).trim();
      const key = /^["']/.test(rawKey) ? String(inlineValue(rawKey)) : rawKey;
      if (key === "<<" || key in map) throw new Error(`unsupported or repeated key: ${key}`);
      map[key] = valueAfter(line.text.slice(colon + 1).trim(), indent);
    }
    return map;
  }

  function node(indent: number): Yaml {
    const first = next();
    if (!first) return null;
    return isItem(first.text) ? sequence(indent) : mapping(indent);
  }

  const first = next();
  const doc = first ? node(first.indent) : null;
  if (next()) throw new Error(`unexpected indentation: ${lines[at].text}`);
  return doc;
}

// ---------------------------------------------------------------------------------------------

type Service = {
  build?: Yaml;
  image?: string;
  environment?: Record<string, Yaml> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: Yaml };
  volumes?: string[];
  ports?: string[];
};

const compose = parseYaml(read("compose.yaml")) as { services: Record<string, Service> };
const services = compose.services;
/** The services built from this repository's Dockerfile: the app instances. */
const appNames = Object.keys(services).filter((name) => services[name].build !== undefined);

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((entry) => [entry.split("=")[0], entry.slice(entry.indexOf("=") + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? "" : String(v)]));
}

/** What compose makes of ${VAR:?…}, ${VAR:-default} and $$ when the operator set every required variable. */
function interpolate(value: string): string {
  return value
    .replace(/\$\{([A-Za-z0-9_]+)(?::?([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) =>
      kind === "-" ? (rest ?? "") : kind === "?" ? `set-${name.toLowerCase()}` : "",
    )
    .replace(/\$\$/g, "$");
}

describe("compose.yaml", () => {
  it("parses, with a database, a bucket, a proxy and at least two app instances built from the Dockerfile", () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(["postgres", "minio", "proxy"]));
    expect(appNames.length).toBeGreaterThanOrEqual(2);
    for (const name of appNames) expect(services[name].build, name).toBe(".");
  });

  it("gives the app instances only variables lib/env.ts reads, with values it accepts", () => {
    for (const name of appNames) {
      const env = environment(services[name]);
      const unknown = Object.keys(env).filter((key) => !(ENV_KEYS as readonly string[]).includes(key));
      expect(unknown, name).toEqual([]);
      const parsed = parseEnv(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v)])));
      expect(parsed.DATABASE_URL, name).toMatch(/^postgres:\/\/docchat:set-postgres_password@postgres:5432\/docchat$/);
      expect(parsed.S3_BUCKET, name).toBeTruthy();
      expect(parsed.S3_FORCE_PATH_STYLE, name).toBe(true);
      // Behind the proxy, the client address comes from the proxy's X-Forwarded-For.
      expect(parsed.TRUST_PROXY, name).toBe(true);
    }
  });

  it("shares the session secret, the database, the bucket and the public URL between instances", () => {
    const shared = ["AUTH_SECRET", "DATABASE_URL", "APP_URL", "S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];
    const [first, ...others] = appNames.map((name) => environment(services[name]));
    for (const key of shared) {
      expect(first[key], key).toBeTruthy();
      for (const other of others) expect(other[key], key).toBe(first[key]);
    }
    // Secrets come from the operator; compose refuses to start without them.
    expect(first.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?[^}]+\}$/);
    expect(first.DATABASE_URL).toContain("${POSTGRES_PASSWORD:?");
  });

  it("starts the apps once the database and the bucket are healthy, and checks /api/health", () => {
    for (const name of appNames) {
      const deps = services[name].depends_on as Record<string, { condition?: string }>;
      expect(deps.postgres?.condition, name).toBe("service_healthy");
      expect(deps.minio?.condition, name).toBe("service_healthy");
      expect(deps["minio-init"]?.condition, name).toBe("service_completed_successfully");
      expect(JSON.stringify(services[name].healthcheck?.test), name).toContain("/api/health");
    }
    for (const name of ["postgres", "minio", "proxy"]) expect(services[name].healthcheck?.test, name).toBeTruthy();
  });

  it("puts every app instance behind the proxy, whose config names each of them", () => {
    const mount = (services.proxy.volumes ?? []).find((volume) => volume.startsWith("./deploy/"));
    expect(mount).toBeDefined();
    const config = read(mount!.split(":")[0]);
    for (const name of appNames) {
      expect(config).toMatch(new RegExp(`\\b${name}:3000\\b`));
      expect((services.proxy.depends_on as Record<string, unknown>)[name], name).toBeDefined();
    }
    expect(config).toContain("health_uri /api/health");
  });
});

// ---------------------------------------------------------------------------------------------

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile instructions by stage (continuation lines joined, comments dropped). */
function dockerStages(source: string): Instruction[][] {
  const joined = source
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\\\n/g, " ");
  const stages: Instruction[][] = [];
  for (const line of joined.split("\n")) {
    const match = line.trim().match(/^([A-Za-z]+)\s+(.*)$/);
    if (!match) continue;
    const instruction = { op: match[1].toUpperCase(), args: match[2].trim() };
    if (instruction.op === "FROM") stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

describe("Dockerfile", () => {
  const stages = dockerStages(read("Dockerfile"));
  const all = stages.flat();
  const runtime = stages.at(-1)!;
  const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

  it("builds with the same npm scripts as CI, on Node 24 Debian slim", () => {
    const runs = all.filter((i) => i.op === "RUN").map((i) => i.args);
    expect(runs.some((run) => /(^|&&\s*)npm ci(\s|$)/.test(run))).toBe(true);
    expect(runs.some((run) => /(^|&&\s*)npm run build(\s|&&|$)/.test(run))).toBe(true);
    // The build, then the brotli copies of its static files the server sends (scripts/precompressed-static.ts).
    expect(pkg.scripts.build).toBe("next build && node scripts/precompressed-static.ts");
    expect(stages.every((stage) => /^node:24-bookworm-slim(\s|$)/.test(stage[0].args) || /^base(\s|$)/.test(stage[0].args))).toBe(true);
  });

  it("runs npm start as a non-root user, without a browser", () => {
    expect(pkg.scripts.start).toMatch(/scripts\/start\.mjs$/);
    const cmd = runtime.find((i) => i.op === "CMD");
    expect(JSON.parse(cmd!.args)).toEqual(["npm", "start"]);
    const user = runtime.filter((i) => i.op === "USER").at(-1);
    expect(user?.args).toBeDefined();
    expect(user!.args.split(":")[0]).not.toMatch(/^(root|0)$/);
    for (const run of all.filter((i) => i.op === "RUN")) expect(run.args).not.toMatch(/chromium|playwright/i);
  });

  it("sets production mode, keeps DATA_DIR on a volume, exposes the port and checks /api/health", () => {
    const env = runtime.filter((i) => i.op === "ENV").map((i) => i.args).join(" ");
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/DATA_DIR=\/app\/data/);
    expect(runtime.find((i) => i.op === "VOLUME")?.args).toBe("/app/data");
    expect(runtime.find((i) => i.op === "EXPOSE")?.args).toBe("3000");
    const health = runtime.find((i) => i.op === "HEALTHCHECK")?.args ?? "";
    expect(health).toContain("fetch(");
    expect(health).toContain("/api/health");
  });

  it("keeps local state, builds and secrets out of the build context", () => {
    const ignored = read(".dockerignore").split("\n").map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(["node_modules", ".next", "data", ".git", ".env"]));
  });
});

describe("docs/deploy.md", () => {
  const guide = read("docs/deploy.md");

  it("explains every variable compose gives the app instances", () => {
    const names = new Set(appNames.flatMap((name) => Object.keys(environment(services[name]))));
    expect([...names].filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });

  it("names every variable the app reads", () => {
    expect(ENV_KEYS.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
  });
});

describe("the YAML reader of this file", () => {
  it("reads what compose files use", () => {
    const doc = parseYaml(
      [
        "a: 1 # comment",
        "b:",
        "  - x",
        "  - 'it''s'",
        "  - key: v",
        "    other: \"q: #1\"",
        "c: [\"CMD\", \"node\", plain]",
        "d: |",
        "  line one",
        "  # kept",
        "e: {k: v}",
        "f:",
        "- compact",
      ].join("\n"),
    );
    expect(doc).toEqual({ a: 1, b: ["x", "it's", { key: "v", other: "q: #1" }], c: ["CMD", "node", "plain"], d: "line one\n# kept\n", e: { k: "v" }, f: ["compact"] });
    expect(() => parseYaml("a: &anchor 1\nb: *anchor")).toThrow(/unsupported/);
  });
});
