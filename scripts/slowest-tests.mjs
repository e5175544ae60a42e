// The slowest tests of a run, read from what each runner wrote: Vitest's JSON report and
// Playwright's, one file per stage (scripts/test-all.mjs), so the next engineer sees where the
// minutes go without reading the whole log.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

function fromVitest(report, stage) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({ stage, name: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`, ms: test.duration ?? 0 })),
  );
}

function fromPlaywright(report, stage) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        tests.push({ stage, name: [spec.file, ...titles, spec.title].filter(Boolean).join(" › "), ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests;
}

/** Prints the `count` slowest tests across every stage whose report is in `dir`. */
export function printSlowestTests(dir, count) {
  const tests = [];
  for (const file of readdirSync(dir)) {
    let report;
    try {
      report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    } catch {
      continue; // A stage that failed before writing its report.
    }
    const stage = file.replace(/\.json$/, "");
    tests.push(...(report.testResults ? fromVitest(report, stage) : fromPlaywright(report, stage)));
  }
  if (tests.length === 0) return;
  console.log(`\n=== the ${count} slowest tests ===`);
  for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  [${test.stage}] ${test.name}`);
  }
}
