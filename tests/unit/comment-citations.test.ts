import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Comments and test titles point only at what a reader of this repository can open: the rules in
// docs/, the code, the tests. Documents kept outside the repository (the original product brief,
// the conventions page, the security checklist, the issue tracker) are not there to follow, so a
// comment names the rule itself or the docs/ heading that states it.

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib", "scripts", "tests", "bench", "hooks"];
const SOURCE_FILES = ["proxy.ts"];
const SOURCE_EXTENSION = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
// Documents and generated data the tests read, not code anyone comments.
const NOT_SOURCE = [path.join("tests", "fixtures") + path.sep];

/** Citations of documents that are not in the repository, each with what to write instead. */
const OUTSIDE_CITATIONS: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bSPEC\b/, instead: "the rule, or docs/rules/<file>.md#<heading>" },
  { pattern: /\bARCHITECTURE(?:\.md|\s*§)/, instead: "the convention itself, or docs/flows.md" },
  { pattern: /\bSECURITY\.md\b/, instead: "docs/rules/security.md#<heading>" },
  { pattern: /\bissues?\s+#?\d+/i, instead: "what was wrong or what must hold, in words" },
];

const DOC_LINK = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;

function sourceFiles(): string[] {
  const found = SOURCE_DIRS.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    (readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile())
      // A route folder may be named like a file (app/embed.js/): only files are read.
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  );
  return [...found, ...SOURCE_FILES]
    .filter((f) => SOURCE_EXTENSION.test(f) && !f.endsWith(".d.ts") && !f.split(path.sep).includes("node_modules"))
    .filter((f) => !NOT_SOURCE.some((prefix) => f.startsWith(prefix)))
    .sort();
}

export interface Remark {
  line: number;
  kind: "comment" | "test title";
  text: string;
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (/\.(mjs|cjs|js)$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

const TEST_CALL = /^(describe|it|test)\b/;

/** Every comment of a source file, and the titles of its describe/it/test calls, with their lines. */
export function remarksOf(file: string, text: string): Remark[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const ranges = new Map<number, ts.CommentRange>();
  const jsxText: [number, number][] = [];
  const titles: Remark[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;

  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      ranges.set(range.pos, range);
    }
    if (ts.isCallExpression(node) && TEST_CALL.test(node.expression.getText(source))) {
      const title = node.arguments[0];
      if (title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title) || ts.isTemplateExpression(title))) {
        titles.push({ line: lineOf(title.getStart(source)), kind: "test title", text: title.getText(source) });
      }
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);

  // Text between JSX tags is shown to people, not a comment, whatever it looks like.
  const inJsxText = (pos: number) => jsxText.some(([start, end]) => pos >= start && pos < end);
  const comments = [...ranges.values()]
    .filter((range) => !inJsxText(range.pos))
    .map((range): Remark => ({ line: lineOf(range.pos), kind: "comment", text: text.slice(range.pos, range.end) }));
  return [...comments, ...titles].sort((a, b) => a.line - b.line);
}

/** The outside documents a remark cites, as "why: what to write instead". */
export function outsideCitations(remark: Remark): string[] {
  return OUTSIDE_CITATIONS.filter(({ pattern }) => pattern.test(remark.text)).map(({ pattern, instead }) => `${pattern.exec(remark.text)![0]} → ${instead}`);
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings (outside code fences), repeated ones numbered as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
/** Whether a cited Markdown file (and its heading, when an anchor is given) exists in the repository. */
function docExists(link: string): boolean {
  const [file, anchor] = link.split("#");
  if (!anchorCache.has(file)) {
    const full = path.join(root, file);
    anchorCache.set(file, existsSync(full) ? anchorsOf(readFileSync(full, "utf8")) : null);
  }
  const anchors = anchorCache.get(file);
  return anchors !== null && anchors !== undefined && (anchor === undefined || anchors.has(anchor));
}

const files = sourceFiles();
const remarks = files.map((file) => ({ file, remarks: remarksOf(file, readFileSync(path.join(root, file), "utf8")) }));

describe("how the check reads a file", () => {
  const sample = [
    "// The rule lives in docs/rules/sharing.md#guest-identity.",
    'const label = "SPEC §2 is only a string here";',
    "/** Pinned since issue 12. */",
    "export const view = <p>// text between tags, SPEC §2</p>;",
    'it("follows SPEC §2", () => {});',
    "describe(`the docs`, () => {}); // trailing, SECURITY.md",
  ].join("\n");
  const found = remarksOf("sample.tsx", sample);

  it("finds comments of each form and test titles, never strings or text between JSX tags", () => {
    expect(found.map((r) => [r.line, r.kind])).toEqual([
      [1, "comment"],
      [3, "comment"],
      [5, "test title"],
      [6, "comment"],
      [6, "test title"],
    ]);
    expect(found.flatMap(outsideCitations).map((c) => c.split(" → ")[0])).toEqual(["issue 12", "SPEC", "SECURITY.md"]);
  });

  it("makes the anchors GitHub makes", () => {
    expect([...anchorsOf("# Sharing\n## The quick link\n```\n# not a heading\n```\n## Guests' identity\n## The quick link")]).toEqual([
      "sharing",
      "the-quick-link",
      "guests-identity",
      "the-quick-link-1",
    ]);
  });

  it("reads every source file of the tree", () => {
    expect(files).toContain("proxy.ts");
    expect(files.filter((f) => f.startsWith(`lib${path.sep}server`)).length).toBeGreaterThan(100);
    expect(files.some((f) => f.startsWith(`tests${path.sep}e2e`))).toBe(true);
  });
});

describe("comments cite only what is in the repository", () => {
  it("no comment or test title cites a document or issue kept outside the repository", () => {
    const outside = remarks.flatMap(({ file, remarks }) =>
      remarks.flatMap((remark) => outsideCitations(remark).map((citation) => `${file}:${remark.line} (${remark.kind}): ${citation}`)),
    );
    expect(outside).toEqual([]);
  });

  it("every docs/ file and heading a comment cites exists", () => {
    const cited = remarks.flatMap(({ file, remarks }) => remarks.flatMap((remark) => [...remark.text.matchAll(DOC_LINK)].map((m) => ({ where: `${file}:${remark.line}`, link: m[0] }))));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter(({ link }) => !docExists(link)).map(({ where, link }) => `${where}: ${link}`)).toEqual([]);
  });

  it("every link between the docs/ files leads to a file and heading that exist", () => {
    const docsDir = path.join(root, "docs");
    const broken = (readdirSync(docsDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".md"))
      .flatMap((f) => {
        const text = readFileSync(path.join(docsDir, f), "utf8");
        return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
          .map((m) => m[1])
          .filter((target) => !/^[a-z]+:/.test(target))
          .map((target) => {
            const [file, anchor] = target.split("#");
            const resolved = file ? path.relative(root, path.resolve(path.dirname(path.join(docsDir, f)), file)) : path.join("docs", f);
            return { where: path.join("docs", f), target, link: anchor === undefined ? resolved : `${resolved}#${anchor}` };
          })
          .filter(({ link }) => (link.split("#")[0].endsWith(".md") ? !docExists(link) : !existsSync(path.join(root, link))));
      });
    expect(broken.map(({ where, target }) => `${where}: ${target}`)).toEqual([]);
  });
});
