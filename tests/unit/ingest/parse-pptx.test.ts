import { describe, expect, it } from "vitest";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";
import { chunkDocument } from "@/lib/server/ingest/chunker";
import { detectType, isEncryptedOffice } from "@/lib/server/ingest/worker/detect-type.mjs";
import { parseDocument } from "@/lib/server/ingest/worker/parse-document.mjs";
import { makeEncryptedOffice, makePptx, makeXlsx } from "@/scripts/office-files";

const DECK = makePptx([
  { title: "第三季營運報告", body: ["營收成長 15%", "新增客戶 200 家"] },
  { title: "各區負責人", table: [["地區", "負責人"], ["北區", "陳經理"], ["南區", "林經理"]], notes: ["提醒：南區下季起改由黃經理接手。"] },
  { title: "Next steps", body: ["Hire two engineers"], notes: ["Budget approved on 3 March."] },
]);

describe("parse PPTX", () => {
  it("reads each slide's text, tables and speaker notes, with the slide number as the page", async () => {
    expect(await parseDocument(DECK, "pptx")).toEqual({
      pages: [
        { page: 1, text: "第三季營運報告\n\n營收成長 15%\n新增客戶 200 家" },
        { page: 2, text: "各區負責人\n\n| 地區 | 負責人 |\n| --- | --- |\n| 北區 | 陳經理 |\n| 南區 | 林經理 |\n\n備註：\n提醒：南區下季起改由黃經理接手。" },
        { page: 3, text: "Next steps\n\nHire two engineers\n\nNotes:\nBudget approved on 3 March." },
      ],
      pageCount: 3,
    });
  });

  it("keeps slide numbers right when a slide has no text, and refuses a deck with none", async () => {
    const { pages, pageCount } = await parseDocument(makePptx([{ title: "封面" }, {}, { body: ["結語"] }]), "pptx");
    expect(pages.map((p) => p.page)).toEqual([1, 3]);
    expect(pageCount).toBe(3);
    await expect(parseDocument(makePptx([{}, {}]), "pptx")).rejects.toMatchObject({ code: "no_text" });
  });

  it("refuses a slide with a DTD (entity expansion, external entities)", async () => {
    const hostile = makePptx([{ title: "x" }], { slideXml: (_, xml) => xml.replace("?>", '?><!DOCTYPE p [<!ENTITY e SYSTEM "file:///etc/passwd">]>').replace("<a:t>x</a:t>", "<a:t>&e;</a:t>") });
    await expect(parseDocument(hostile, "pptx")).rejects.toMatchObject({ code: "malformed" });
  });

  it("lets the offline model quote what only the speaker notes say, citing the slide", async () => {
    const { pages } = await parseDocument(DECK, "pptx");
    const passages = toOfflinePassages(
      chunkDocument({ pages }).map((c) => ({ documentName: "報告.pptx", documentKind: "pptx", page: c.pageStart, pageEnd: c.pageEnd, pageBreaks: c.pageBreaks, content: c.content })),
    );
    const reply = composeAnswer({ locale: "zh-TW", question: "南區下季由誰接手？", assistantName: "助理", rolePrompt: "", passages, documentNames: ["報告.pptx"] });
    expect(reply).toContain("南區下季起改由黃經理接手");
    expect(reply).toContain("《報告.pptx》 投影片 2");
  });
});

describe("detecting Office files", () => {
  it("tells Word, Excel and PowerPoint apart by their parts, whatever the name says", () => {
    expect(detectType(DECK, "report.xlsx")).toEqual({ kind: "pptx", mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation" });
    expect(detectType(makeXlsx([{ name: "a", rows: [["x", "y"]] }]), "a.pptx")).toEqual({ kind: "xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  });

  it("knows a password-protected Office file (a Compound File, not a ZIP archive) and reads it as no document", () => {
    const encrypted = makeEncryptedOffice();
    expect(isEncryptedOffice(encrypted)).toBe(true);
    expect(detectType(encrypted, "salaries.xlsx")).toBeNull();
    expect(isEncryptedOffice(DECK)).toBe(false);
    // An old .xls or .doc is a Compound File too, but not an encrypted one.
    const legacy = Buffer.from(encrypted);
    legacy.fill(0, 1024);
    expect(isEncryptedOffice(legacy)).toBe(false);
  });
});
