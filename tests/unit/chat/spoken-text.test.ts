import { describe, expect, it } from "vitest";
import { spokenText } from "@/lib/chat/spoken-text";

describe("spokenText: a finished reply as a screen reader speaks it", () => {
  it("keeps the words of a cited quote and drops the quote marks and citation numbers", () => {
    const reply = "根據文件，最相關的內容如下：\n\n> 資源回收日為**每週二與週四** [1]\n\n— 《公告.pdf》 [2]";
    expect(spokenText(reply)).toBe("根據文件，最相關的內容如下：\n資源回收日為每週二與週四\n— 《公告.pdf》");
  });

  it("reads a link by its text, a list by its items, and code as it is", () => {
    expect(spokenText("See [the guide](https://example.org/guide) and:\n\n- first *step*\n- second\n\n```\nnpm start\n```")).toBe("See the guide and:\nfirst step\nsecond\nnpm start");
  });

  it("leaves plain text alone, and a number in brackets that is not a citation reads as written", () => {
    expect(spokenText("Plain answer.")).toBe("Plain answer.");
    expect(spokenText("Version [123] is current.")).toBe("Version [123] is current.");
  });
});
