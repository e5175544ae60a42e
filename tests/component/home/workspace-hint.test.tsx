import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { WorkspaceHint } from "@/components/home/workspace-hint";
import { DOCUMENTS_KEY } from "@/components/files/document-keys";
import type { DocumentsState } from "@/lib/documents-state";
import { libraryDocument } from "../support/library-data";
import { renderInLocale } from "../support/render";

const doc = (id: string, status: "processing" | "processed" | "error") => libraryDocument(id, `${id}.pdf`, { status, kind: "pdf" });

/** The hint as the chat's empty state draws it, the document list in the data cache as the file library left it (or not loaded). */
function renderHint(initial: DocumentsState, list?: ReturnType<typeof doc>[], locale: "zh-TW" | "en" = "zh-TW") {
  const cache = new Map(list ? [[DOCUMENTS_KEY, { data: list }]] : []);
  return renderInLocale(
    <SWRConfig value={{ provider: () => cache as never }}>
      <WorkspaceHint initial={initial} />
    </SWRConfig>,
    { locale },
  );
}

// After starting over with nine documents the hint once still said to upload first. It now
// says what the documents allow.
describe("WorkspaceHint", () => {
  it("says what to do for each state the server found", () => {
    const texts: Record<DocumentsState, RegExp> = {
      none: /^提示：先到檔案庫上傳文件/,
      processing: /^你的文件正在處理中/,
      ready: /^你的文件已經可以提問/,
      failed: /^你上傳的文件都無法讀取/,
    };
    for (const [state, text] of Object.entries(texts)) {
      const { unmount } = renderHint(state as DocumentsState);
      expect(screen.getByTestId("workspace-hint").textContent).toMatch(text);
      unmount();
    }
  });

  it("follows the document list once the file library has it: nine ready documents, never 'upload first'", () => {
    renderHint("none", Array.from({ length: 9 }, (_, i) => doc(`d${i}`, "processed")));
    expect(screen.getByTestId("workspace-hint").dataset.state).toBe("ready");
    expect(screen.getByTestId("workspace-hint").textContent).not.toContain("先到檔案庫上傳");
  });

  it("says processing while the only documents are on their way, in English too", () => {
    renderHint("none", [doc("a", "processing"), doc("b", "error")], "en");
    expect(screen.getByTestId("workspace-hint").textContent).toBe("Your documents are being processed; you can ask about them once they are done. The file library shows how each one is doing.");
  });
});
