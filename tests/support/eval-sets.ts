import { existsSync } from "node:fs";
import path from "node:path";
import { loadEvalSet, type EvalSet } from "@/bench/lib/eval-set";

// The evaluation sets live beside the repository (../shared/eval), as bench/ expects them; CI has
// them there. A test that needs them fails when they are missing rather than passing on nothing.
export const EVAL_ROOT = path.resolve(import.meta.dirname, "../..", "../shared/eval");
export const EVAL_SETS = ["drcd_dev", "squad_v1.1_dev"] as const;

export function evalSet(name: (typeof EVAL_SETS)[number]): EvalSet {
  const dir = path.join(EVAL_ROOT, name);
  if (!existsSync(path.join(dir, "docs"))) throw new Error(`evaluation set missing: ${dir}/docs (expected beside the repository)`);
  const set = loadEvalSet(dir, "questions.jsonl");
  if (set.docs.length === 0) throw new Error(`evaluation set has no documents: ${dir}/docs`);
  return set;
}
