import { describe, expect, it } from "vitest";
import { countStatuses, documentsState } from "@/lib/documents-state";

describe("documentsState: what the workspace's hint says", () => {
  it("is none without documents, and ready as soon as one can be asked about", () => {
    expect(documentsState({ processing: 0, processed: 0, error: 0 })).toBe("none");
    expect(documentsState({ processing: 0, processed: 9, error: 0 })).toBe("ready");
    expect(documentsState({ processing: 3, processed: 1, error: 2 })).toBe("ready");
  });

  it("is processing while nothing is ready yet and something is on its way, failed when all failed", () => {
    expect(documentsState({ processing: 2, processed: 0, error: 1 })).toBe("processing");
    expect(documentsState({ processing: 0, processed: 0, error: 2 })).toBe("failed");
  });

  it("counts a document list by status", () => {
    expect(countStatuses([{ status: "processed" }, { status: "error" }, { status: "processed" }])).toEqual({ processing: 0, processed: 2, error: 1 });
    expect(countStatuses([])).toEqual({ processing: 0, processed: 0, error: 0 });
  });
});
