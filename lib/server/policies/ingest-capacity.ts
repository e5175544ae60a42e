import "server-only";
import { availableParallelism } from "node:os";
import { PARSE_MAX_MEMORY_MB } from "@/lib/constants";

export interface IngestCapacity {
  /** How many files parse at once, each in a process of its own. */
  slots: number;
  /** Resident memory one parse process may reach before it is killed. */
  allowanceMb: number;
}

/**
 * Divides the server's ingestion memory budget (INGEST_MEMORY_MB) into per-parse allowances:
 * as many parses at once as whole allowances fit, at least one; a budget smaller than one
 * allowance is that one parse's allowance. Parse processes, idle ones included, never outnumber
 * the slots, so together they never hold more than the budget. More parses than cores only
 * slow each other down, so a large budget buys at most one slot a core (two on a smaller
 * machine, so one owner's long file never leaves everyone else waiting).
 */
export function ingestCapacity(budgetMb: number, allowanceMb: number = PARSE_MAX_MEMORY_MB, cores: number = availableParallelism()): IngestCapacity {
  if (!Number.isFinite(budgetMb) || budgetMb <= 0) throw new RangeError("the ingestion budget must be a positive number of megabytes");
  if (budgetMb < allowanceMb) return { slots: 1, allowanceMb: Math.floor(budgetMb) };
  return { slots: Math.min(Math.floor(budgetMb / allowanceMb), Math.max(2, cores)), allowanceMb };
}
