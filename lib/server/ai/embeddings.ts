import "server-only";
import { embed, embedMany, type EmbeddingModel } from "ai";
import { createOpenAI } from "@ai-sdk/openai";
import { serviceFetch } from "@/lib/server/outbound/service-fetch";
import { log } from "@/lib/server/log";
import { recordApiUsage } from "@/lib/server/queries/api-usage";
import { currentAiConfig, redactKey } from "./ai-config";

// Embeddings for semantic search, when an embedding model is configured (on the AI-service screen
// or EMBEDDING_MODEL, with an OpenAI-compatible service; not while the offline model is switched
// on). Without one, or when a call fails, search is lexical only: a failed embedding never fails
// a document or a question. Passages embedded by an earlier model of another size are left out of
// the semantic half (lib/server/retrieval/vector-index.ts compares only vectors of one length).

const DOCUMENT_TIMEOUT_MS = 60_000;
const QUERY_TIMEOUT_MS = 5_000;
const BATCH_PARALLEL_CALLS = 2;

type Model = Exclude<EmbeddingModel, string>;

let testModel: Model | null | undefined;

/** Tests put a mock model in place (or null to switch embeddings off). */
export function setEmbeddingModelForTests(model: Model | null | undefined) {
  testModel = model;
}

// One client per configuration, made again when the settings change.
let configured: { signature: string; model: Model | null } | undefined;

export async function embeddingModel(): Promise<{ model: Model; secret?: string } | null> {
  if (testModel !== undefined) return testModel ? { model: testModel } : null;
  const config = await currentAiConfig();
  const signature = JSON.stringify([config.offline, config.embeddingModel, config.baseUrl, config.apiKey, config.addressPolicy ?? null]);
  if (configured?.signature !== signature) {
    configured = {
      signature,
      model:
        !config.offline && config.embeddingModel
          ? createOpenAI({
              apiKey: config.apiKey ?? "none",
              baseURL: config.baseUrl,
              // A base URL typed on the admin screen connects only where the address guard allows.
              ...(config.addressPolicy ? { fetch: serviceFetch(config.addressPolicy) } : {}),
            }).embedding(config.embeddingModel)
          : null,
    };
  }
  return configured.model ? { model: configured.model, secret: config.apiKey } : null;
}

function describe(model: Model) {
  return typeof model === "object" && "provider" in model ? { provider: String(model.provider), model: String(model.modelId) } : { provider: "unknown", model: "unknown" };
}

async function logged<T>(
  route: string,
  userId: string | null,
  run: (model: Model, signal: AbortSignal) => Promise<{ value: T; tokens: number }>,
  timeoutMs: number,
): Promise<T | null> {
  const configured = await embeddingModel();
  if (!configured) return null;
  const { model, secret } = configured;
  const started = Date.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const { value, tokens } = await run(model, signal);
    await recordApiUsage({ ...describe(model), route, userId, inputTokens: tokens, latencyMs: Date.now() - started, outcome: "ok" });
    return value;
  } catch (error) {
    const timedOut = signal.aborted;
    const message = redactKey(error instanceof Error ? error.message : String(error), secret);
    log.warn("embedding failed", { route, error: message });
    await recordApiUsage({
      ...describe(model),
      route,
      userId,
      latencyMs: Date.now() - started,
      outcome: timedOut ? "timeout" : "error",
      errorMessage: message,
    }).catch(() => undefined);
    return null;
  }
}

/** Unit-length vectors for a document's passages, or null when embeddings are off or failed. */
export function embedPassages(values: string[], userId: string): Promise<number[][] | null> {
  return logged(
    "ingest-document",
    userId,
    async (model, abortSignal) => {
      const result = await embedMany({ model, values, maxParallelCalls: BATCH_PARALLEL_CALLS, maxRetries: 1, abortSignal });
      return { value: result.embeddings.map(normalize), tokens: result.usage?.tokens ?? 0 };
    },
    DOCUMENT_TIMEOUT_MS,
  );
}

/** The question's unit-length vector, or null (then the search is lexical only). */
export function embedQuestion(value: string, userId: string | null): Promise<number[] | null> {
  return logged(
    "retrieval",
    userId,
    async (model, abortSignal) => {
      const result = await embed({ model, value, maxRetries: 0, abortSignal });
      return { value: normalize(result.embedding), tokens: result.usage?.tokens ?? 0 };
    },
    QUERY_TIMEOUT_MS,
  );
}

function normalize(vector: number[]): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return vector.map((x) => x / norm);
}
