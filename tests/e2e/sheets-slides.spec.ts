import { expect, test } from "@playwright/test";
import { makePptx, makeXlsx } from "../../scripts/office-files";
import { newAccount } from "./support/accounts";
import { signIn, askInChat as ask } from "./support/helpers";

// A spreadsheet and a slide deck, as a person uses them: uploaded from the file library (which
// says it takes them), read, and asked about; each reply quotes what only that file says, and its
// source chip names the sheet or the slide to open, whose text opens under it.

// The answer is only on the workbook's second sheet.
const WORKBOOK = makeXlsx([
  { name: "說明", rows: [["本活頁簿列出各分店的聯絡資料。"]] },
  {
    name: "分店",
    rows: [
      ["分店", "地址", "電話", "開幕日"],
      ["信義店", "臺北市信義區松仁路 100 號", "02-2720-1234", { date: "2019-06-01" }],
      ["板橋店", "新北市板橋區文化路一段 50 號", "02-2960-5678", { date: "2021-11-15" }],
    ],
  },
]);

// The answer is only in the third slide's speaker notes.
const DECK = makePptx([
  { title: "新人訓練", body: ["歡迎加入團隊"] },
  { title: "工作守則", body: ["準時上班", "保持工作區整潔"] },
  { title: "福利", body: ["各項福利請見員工手冊"], notes: ["員工旅遊補助每年上限一萬二千元，需於十二月前申請。"] },
]);

test("a spreadsheet and a slide deck: uploaded, asked about, quoted, and their sources open at the sheet and the slide", async ({ page }) => {
  const owner = await newAccount({ prefix: "sheets", name: "試算表讀者" });
  await signIn(page, owner.email, owner.password);
  await page.goto("/?tab=files");
  await expect(page.getByTestId("upload-zone")).toContainText("Excel（XLSX）、CSV、PowerPoint（PPTX）");
  const accept = (await page.getByTestId("upload-input").getAttribute("accept")) ?? "";
  for (const kind of [".xlsx", ".csv", ".pptx"]) expect(accept.split(",")).toContain(kind);

  await page.getByTestId("upload-input").setInputFiles([
    { name: "分店.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(WORKBOOK) },
    { name: "新人訓練.pptx", mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", buffer: Buffer.from(DECK) },
  ]);
  await expect(page.getByTestId("document-row-分店.xlsx")).toHaveAttribute("data-status", "processed", { timeout: 30_000 });
  await expect(page.getByTestId("document-row-新人訓練.pptx")).toHaveAttribute("data-status", "processed", { timeout: 30_000 });

  await page.goto("/");
  const sheetReply = await ask(page, "板橋店的電話是多少？");
  await expect(sheetReply.locator("blockquote").first()).toHaveText(/^分店：板橋店；地址：新北市板橋區文化路一段 50 號；電話：02-2960-5678；開幕日：2021-11-15。/);
  const sheetChip = sheetReply.getByTestId("source-chip").filter({ hasText: "分店.xlsx" }).first();
  await expect(sheetChip).toHaveText(/^\[\d\] 分店\.xlsx · 工作表 2$/);
  await sheetChip.click();
  const sheetSource = sheetReply.getByTestId("source-quote");
  await expect(sheetSource).toContainText("分店.xlsx · 工作表 2");
  const table = sheetSource.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["分店", "地址", "電話", "開幕日"]);
  await expect(table.getByRole("row").filter({ hasText: "板橋店" }).getByRole("cell")).toHaveText(["板橋店", "新北市板橋區文化路一段 50 號", "02-2960-5678", "2021-11-15"]);

  const slideReply = await ask(page, "員工旅遊補助每年上限是多少？");
  await expect(slideReply.locator("blockquote").first()).toContainText("員工旅遊補助每年上限一萬二千元");
  const slideChip = slideReply.getByTestId("source-chip").filter({ hasText: "新人訓練.pptx" }).first();
  await expect(slideChip).toHaveText(/^\[\d\] 新人訓練\.pptx · 投影片 3$/);
  await slideChip.click();
  const slideSource = slideReply.getByTestId("source-quote");
  await expect(slideSource).toContainText("新人訓練.pptx · 投影片 3");
  await expect(slideSource).toContainText("備註：");
  await expect(slideSource).toContainText("需於十二月前申請");

  // After a reload the stored sources still name the sheet and the slide.
  await page.reload();
  await expect(page.getByTestId("source-chip").filter({ hasText: "分店.xlsx" }).first()).toHaveText(/^\[\d\] 分店\.xlsx · 工作表 2$/);
  await expect(page.getByTestId("source-chip").filter({ hasText: "新人訓練.pptx" }).first()).toHaveText(/^\[\d\] 新人訓練\.pptx · 投影片 3$/);
});
