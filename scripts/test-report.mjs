// The slowest and the failed tests of a run, read from what each runner wrote: Vitest's JSON
// report and Playwright's, one file per stage (scripts/test-all.mjs), so the next engineer sees
// where the minutes went and what broke without reading the whole log (CI keeps only its tail).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

function fromVitest(report, stage) {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      stage,
      name: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
      failure: test.status === "failed" ? (test.failureMessages ?? []).join("\n") || "failed" : null,
    })),
  );
}

function fromPlaywright(report, stage) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const ms = results.reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const failed = results.filter((result) => result.status === "failed" || result.status === "timedOut");
        const failure = failed.length
          ? failed.map((result) => [result.status, ...(result.errors ?? []).map((error) => error.message ?? "")].join(": ")).join("\n")
          : null;
        // A test written in steps (test.step) says which took the time.
        const steps = results.flatMap((result) => result.steps ?? []).filter((step) => typeof step.duration === "number");
        const slowestStep = steps.sort((a, b) => b.duration - a.duration)[0];
        tests.push({ stage, name: [spec.file, ...titles, spec.title].filter(Boolean).join(" › "), ms, failure, slowestStep });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return tests;
}

function readReports(dir) {
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
  return tests;
}

// Colour codes and long stacks make a tail unreadable: the first lines of each failure say what
// was expected and what was seen.
const FAILURE_LINES = 12;
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");

/** Prints the `count` slowest tests across every stage whose report is in `dir`, then the failed ones. */
export function printTestReport(dir, count) {
  const tests = readReports(dir);
  if (tests.length === 0) return;
  console.log(`\n=== the ${count} slowest tests ===`);
  for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${(test.ms / 1000).toFixed(1).padStart(7)} s  [${test.stage}] ${test.name}`);
    if (test.slowestStep) console.log(`${"".padStart(11)}its slowest step: ${test.slowestStep.title} (${(test.slowestStep.duration / 1000).toFixed(1)} s)`);
  }
  const failed = tests.filter((test) => test.failure);
  if (failed.length === 0) return;
  console.log(`\n=== ${failed.length} failed ${failed.length === 1 ? "test" : "tests"} ===`);
  for (const test of failed) {
    console.log(`[${test.stage}] ${test.name}`);
    const lines = plain(test.failure).split("\n").filter((line) => line.trim());
    for (const line of lines.slice(0, FAILURE_LINES)) console.log(`    ${line.slice(0, 300)}`);
  }
}
