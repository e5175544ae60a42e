import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ExportMenu } from "@/components/chat/chat-header-menus";
import { renderInLocale } from "../support/render";

// The export menu as the chat header mounts it: already open (the header loads it on the first
// press), its five formats then the page-link item, driven from the keyboard.
describe("ExportMenu", () => {
  it("offers the five formats and the page link, in the reader's language", async () => {
    renderInLocale(<ExportMenu exporting={false} openedByKeyboard onDownload={() => {}} onCopyLink={() => {}} />, { locale: "en" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Plain text (.txt)", "Markdown (.md)", "Web page (.html)", "Word (.docx)", "PDF (.pdf)", "Copy the page link"]);
  });

  it("opened by keyboard focuses the first format; arrows move, Enter downloads and focus returns to the button", async () => {
    const onDownload = vi.fn();
    const { user } = renderInLocale(<ExportMenu exporting={false} openedByKeyboard onDownload={onDownload} onCopyLink={() => {}} />);
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("export-txt")));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(screen.getByTestId("export-md"));
    await user.keyboard("{Enter}");
    expect(onDownload).toHaveBeenCalledExactlyOnceWith("md");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("export-menu"));
  });

  it("Escape closes it without choosing anything", async () => {
    const onDownload = vi.fn();
    const onCopyLink = vi.fn();
    const { user } = renderInLocale(<ExportMenu exporting={false} openedByKeyboard onDownload={onDownload} onCopyLink={onCopyLink} />);
    await screen.findByRole("menu");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(onDownload).not.toHaveBeenCalled();
    expect(onCopyLink).not.toHaveBeenCalled();
  });

  it("while an export runs, the formats are disabled but the page link is not", async () => {
    renderInLocale(<ExportMenu exporting openedByKeyboard={false} onDownload={() => {}} onCopyLink={() => {}} />);
    await screen.findByRole("menu");
    for (const format of ["txt", "md", "html", "docx", "pdf"]) expect(screen.getByTestId(`export-${format}`).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByTestId("export-share").getAttribute("aria-disabled")).toBeNull();
  });
});
