// npm run bench:sheets [-- --rows 100000 --runs 3]
// A workbook of one sheet of 100,000 rows (order number, customer, amount, date) and the same rows
// as CSV: each parsed in the real parse process (time, and that process's peak resident memory),
// and taken from upload to status "processed" through the real pipeline of a warmed-up server.
// The baseline, in the same run: inflating the sheet's XML whole and counting its rows, the least
// any reader of the file must do (the parser streams the same XML and writes its rows as text).
// Prints one JSON object.
import { unzipSync } from "fflate";
import { largeSheetRow, LARGE_SHEET_HEADER, makeLargeXlsx } from "../scripts/office-files";
import { parseArgs, round } from "./lib/eval-set";
import { startIngestPipeline } from "./lib/ingest-pipeline";

const args = parseArgs(process.argv.slice(2));
const ROWS = Number(args.get("rows") || 100_000);
const RUNS = Number(args.get("runs") || 3);
const MB = 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { pipeline, parseInWorker, prewarmParseWorkers, close } = await startIngestPipeline("docchat-bench-sheets-");
type Kind = Parameters<typeof parseInWorker>[1];

const xlsx = makeLargeXlsx(ROWS);
const cell = (c: ReturnType<typeof largeSheetRow>[number]) => (typeof c === "object" && c !== null && "date" in c ? c.date : String(c ?? ""));
const csvLines = [LARGE_SHEET_HEADER.map(cell).join(",")];
for (let i = 1; i <= ROWS; i++) csvLines.push(largeSheetRow(i).map(cell).join(","));
const csv = new TextEncoder().encode(csvLines.join("\r\n"));

function baseline(): number {
  const started = performance.now();
  const xml = unzipSync(xlsx, { filter: (file) => file.name === "xl/worksheets/sheet1.xml" })["xl/worksheets/sheet1.xml"];
  const rows = new TextDecoder().decode(xml).split("<row ").length - 1;
  if (rows !== ROWS + 1) throw new Error(`baseline read ${rows} rows`);
  return (performance.now() - started) / 1000;
}

async function parse(bytes: Uint8Array, kind: Kind) {
  let peak = 0;
  let blocks = 0;
  let chars = 0;
  const started = performance.now();
  await parseInWorker(bytes, kind, {
    onMemorySample: (rss) => (peak = Math.max(peak, rss)),
    onPage: (page) => {
      blocks++;
      chars += page.text.length;
    },
  });
  return { seconds: (performance.now() - started) / 1000, peakMb: peak / MB, blocks, chars };
}

prewarmParseWorkers();
// Warm the code paths, as a running server has.
await parse(makeLargeXlsx(2_000), "xlsx");
await pipeline(makeLargeXlsx(2_000), "warm-up.xlsx");

const results: Record<string, unknown> = { rows: ROWS, runs: RUNS };
const baselineRuns: number[] = [];
for (const [kind, bytes] of [["xlsx", xlsx], ["csv", csv]] as const) {
  const parses: Awaited<ReturnType<typeof parse>>[] = [];
  const pipelines: Awaited<ReturnType<typeof pipeline>>[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (kind === "xlsx") baselineRuns.push(baseline());
    parses.push(await parse(bytes, kind));
    pipelines.push(await pipeline(bytes, `orders-${run}.${kind}`));
  }
  const parseSeconds = median(parses.map((p) => p.seconds));
  results[kind] = {
    fileMb: round(bytes.byteLength / MB, 2),
    textChars: parses[0].chars,
    textCharsPerFileByte: round(parses[0].chars / bytes.byteLength, 2),
    blocks: parses[0].blocks,
    parseSeconds: round(parseSeconds, 2),
    parseRowsPerSecond: Math.round(ROWS / parseSeconds),
    peakParseProcessRssMb: round(Math.max(...parses.map((p) => p.peakMb)), 1),
    pipelineSeconds: round(median(pipelines.map((p) => p.seconds)), 2),
    pipelineStatus: pipelines[0].status,
    chunks: pipelines[0].chunks,
  };
}
const baselineSeconds = median(baselineRuns);
results.baselineInflateAndCountSeconds = round(baselineSeconds, 3);
results.xlsxParseRatioToBaseline = round((results.xlsx as { parseSeconds: number }).parseSeconds / baselineSeconds, 1);

console.log(JSON.stringify({ bench: "sheets", ...results }, null, 2));
await close();
