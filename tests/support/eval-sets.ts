import { existsSync } from "node:fs";
import path from "node:path";
import { loadEvalSet, type EvalSet } from "@/bench/lib/eval-set";

// The evaluation sets' documents, copied into the fixtures so a clean checkout has them (the
// benchmarks read the full sets beside the repository). A test that needs them fails when they are
// missing rather than passing on nothing.
export const EVAL_ROOT = path.resolve(import.meta.dirname, "../fixtures/eval");
export const EVAL_SETS = ["drcd_dev", "squad_v1.1_dev"] as const;

export function evalSet(name: (typeof EVAL_SETS)[number]): EvalSet {
  const dir = path.join(EVAL_ROOT, name);
  if (!existsSync(path.join(dir, "docs"))) throw new Error(`evaluation set missing: ${dir}/docs`);
  const set = loadEvalSet(dir, "questions.jsonl");
  if (set.docs.length === 0) throw new Error(`evaluation set has no documents: ${dir}/docs`);
  return set;
}
