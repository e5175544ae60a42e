import { describe, expect, it } from "vitest";
import { chatAddress, chosenAssistant } from "@/lib/assistants/chosen-assistant";

const list = [
  { id: "d", isDefault: true, name: "文件助理" },
  { id: "a", isDefault: false, name: "員工手冊助理" },
  { id: "b", isDefault: false, name: "產品 FAQ" },
];
const drawn = { id: "drawn", name: "as the server drew it" };

describe("chosenAssistant", () => {
  it("is the one the address names when the owner has it", () => {
    expect(chosenAssistant(list, "b", drawn)).toBe(list[2]);
  });

  it("is the default one when the address names none, or one the owner does not have (deleted, another owner's)", () => {
    expect(chosenAssistant(list, null, drawn)).toBe(list[0]);
    expect(chosenAssistant(list, "gone", drawn)).toBe(list[0]);
  });

  it("is the first when, for a moment, none is marked default", () => {
    expect(chosenAssistant([list[1], list[2]], "gone", drawn)).toBe(list[1]);
  });

  it("is the one the server drew the page with until the list has loaded", () => {
    expect(chosenAssistant(undefined, "b", drawn)).toBe(drawn);
    expect(chosenAssistant([], null, drawn)).toBe(drawn);
  });
});

describe("chatAddress", () => {
  it("sets ?assistant= and keeps the rest of the address", () => {
    expect(chatAddress({ pathname: "/", search: "" }, "a")).toBe("/?assistant=a");
    expect(chatAddress({ pathname: "/", search: "?assistant=b&tab=files", hash: "#x" }, "a b")).toBe("/?assistant=a+b&tab=files#x");
  });
});
