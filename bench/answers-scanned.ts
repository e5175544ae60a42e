// npm run bench:answers-scanned -- --set <eval folder> [--docs 12] [--degraded] [--show-misses]
// Answers over scanned copies against answers over the text, in one run. Two owners get the same
// library of an eval set through the real pipeline; for the second, the documents of the first
// `--docs` questions' files arrive as PDFs holding only pictures of their pages (rendered from the
// text with the product's fonts, as a scanner gives them; with --degraded: 150 dpi, skewed, noisy,
// JPEG), so OCR reads them. Every question about those documents is asked of both owners through
// the message route, and the share of replies holding a gold answer is printed for each with the
// difference (the target: within 0.05 of the text copy), beside OCR's pages and time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { messageAsker } from "./lib/ask-message";
import { allowServerOnlyImports, evalSetLanguage, loadEvalSet, parseArgs, round, type EvalDoc } from "./lib/eval-set";
import { holdsAnswer } from "./lib/reply-quotes";
import { ingestEvalSet } from "./lib/ingest-set";

const args = parseArgs(process.argv.slice(2));
const setDir = args.get("set");
if (!setDir) {
  console.error("usage: npm run bench:answers-scanned -- --set <folder in the format of shared/eval/*> [--docs N] [--degraded]");
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-scanned-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
process.env.MESSAGE_LIMIT_PER_USER_PER_MINUTE = "100000000";
allowServerOnlyImports();

const { openDatabase, setDatabase } = await import("@/lib/server/db/client");
const { createUser } = await import("@/lib/server/queries/users");
const { encodeSession, SESSION_COOKIE } = await import("@/lib/server/auth/session");
const { LOCALE_COOKIE } = await import("@/lib/constants");
const { renderPages, degrade } = await import("@/tests/support/page-image");
const { scannedPdf } = await import("@/tests/support/scanned-pdf");

const set = loadEvalSet(path.resolve(setDir), args.get("questions") || undefined);
const language = evalSetLanguage(set);
const locale = language === "zh" ? "zh-TW" : "en";
const docCount = Number(args.get("docs") || 12);
const degraded = args.has("degraded");
const DPI = 200;

const scannedFiles = new Set<string>();
for (const q of set.questions) {
  if (scannedFiles.size >= docCount) break;
  scannedFiles.add(q.docFile);
}
const questions = set.questions.filter((q) => scannedFiles.has(q.docFile));

let scannedPages = 0;
let scanSeconds = 0;
/** A document of the set as a scanner would give it: its paragraphs set on A4 pages, pictures only. */
async function scanOf(doc: EvalDoc): Promise<{ name: string; bytes: Uint8Array }> {
  if (!scannedFiles.has(doc.file)) return { name: doc.file, bytes: new TextEncoder().encode(doc.text) };
  const started = performance.now();
  const blocks = doc.text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((text) => ({ kind: "paragraph" as const, text }));
  const pages = await renderPages(blocks, { dpi: DPI, pointSize: language === "zh" ? 12 : 11 });
  const pictures = await Promise.all(
    pages.map(async (png) => (degraded ? { image: await degrade(png, { fromDpi: DPI }), format: "jpg" as const } : { image: png, format: "png" as const })),
  );
  scannedPages += pages.length;
  scanSeconds += (performance.now() - started) / 1000;
  return { name: doc.file.replace(/\.txt$/, ".pdf"), bytes: await scannedPdf(pictures) };
}

const handle = await openDatabase({ memory: true });
setDatabase(handle);
const textOwner = (await createUser({ email: "text@example.com", displayName: "Text", role: "admin" }))!;
const scanOwner = (await createUser({ email: "scan@example.com", displayName: "Scan", role: "admin" }))!;
const textIngest = await ingestEvalSet(textOwner, set);
const scanIngest = await ingestEvalSet(scanOwner, set, scanOf);
const askText = await messageAsker(`${SESSION_COOKIE}=${await encodeSession(textOwner)}; ${LOCALE_COOKIE}=${locale}`);
const askScan = await messageAsker(`${SESSION_COOKIE}=${await encodeSession(scanOwner)}; ${LOCALE_COOKIE}=${locale}`);

let textHits = 0;
let scanHits = 0;
let failures = 0;
const misses: { question: string; answers: string[]; scannedReply: string }[] = [];
for (const q of questions) {
  const [text, scan] = [await askText(q.question), await askScan(q.question)];
  if (text.status !== 200 || scan.status !== 200) failures++;
  if (holdsAnswer(text.content, q.answers)) textHits++;
  if (holdsAnswer(scan.content, q.answers)) scanHits++;
  else if (holdsAnswer(text.content, q.answers)) misses.push({ question: q.question, answers: q.answers, scannedReply: scan.content.slice(0, 300) });
}

const textRate = textHits / Math.max(1, questions.length);
const scanRate = scanHits / Math.max(1, questions.length);
console.log(
  JSON.stringify(
    {
      bench: "answers-scanned",
      set: set.name,
      model: "offline",
      copies: degraded ? "degraded (150 dpi, skewed, noise, JPEG 60)" : `clean (${DPI} dpi PNG)`,
      documents: set.docs.length,
      scannedDocuments: scannedFiles.size,
      scannedPages,
      questions: questions.length,
      failedReplies: failures,
      documentsNotProcessed: { text: textIngest.notProcessed, scanned: scanIngest.notProcessed },
      replyContainsAnswer: { text: round(textRate), scanned: round(scanRate) },
      difference: round(textRate - scanRate),
      withinTarget: textRate - scanRate <= 0.05,
      // What a reader would look at first: questions the text copy answers and the scanned one does not.
      missedOnlyWhenScanned: args.has("show-misses") ? misses : misses.length,
      ingestSeconds: { text: round(textIngest.seconds, 1), scannedLibrary: round(scanIngest.seconds, 1), renderingScans: round(scanSeconds, 1) },
    },
    null,
    2,
  ),
);
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
