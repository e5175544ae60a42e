import { expect, test } from "@playwright/test";
import ogs from "open-graph-scraper";
import sharp from "sharp";
import { newAccount, type Account } from "./support/accounts";
import { signIn } from "./support/helpers";

// This spec's own workspace owner: what it uploads, asks and shares is nobody else's (support/accounts.ts).
let owner: Account;
test.beforeAll(async () => {
  owner = await newAccount({ prefix: "preview" });
});

/** Width and height from a PNG's IHDR chunk, which the format requires first: the header alone decides. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const meta = (html: string, key: string) => new RegExp(`<meta[^>]+(?:property|name)="${key}"[^>]+content="([^"]*)"`).exec(html)?.[1];

test.describe("share link previews", () => {
  test("the page's title, description and Open Graph tags name the assistant; the 1200x630 image renders", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    const origin = new URL(page.url()).origin;
    const created = await page.request.post("/api/shared-assistants", { data: { name: "稅務小幫手", rolePrompt: "你是稅務顧問。", includeDocuments: true }, headers: { origin } });
    expect(created.status()).toBe(201);
    const { shareId } = await created.json();

    // Fetched as a link unfurler would: no cookies, plain GET.
    const res = await fetch(`${origin}/shared/${shareId}`);
    const html = await res.text();
    expect(html).toContain("<title>稅務小幫手 · AI 文件助理</title>");
    expect(meta(html, "description")).toContain("稅務小幫手");
    expect(meta(html, "og:title")).toBe("稅務小幫手");
    expect(meta(html, "og:description")).toContain("稅務小幫手");
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    const imageUrl = meta(html, "og:image")!;
    expect(imageUrl).toMatch(/^https?:\/\/.+\/shared\/.+\/opengraph-image/);
    expect(meta(html, "og:image:width")).toBe("1200");
    expect(meta(html, "og:image:height")).toBe("630");

    const image = await fetch(new URL(new URL(imageUrl).pathname + new URL(imageUrl).search, origin));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await image.arrayBuffer());
    const info = await sharp(png).metadata();
    expect([info.width, info.height]).toEqual([1200, 630]);
    // The name band is not empty: white glyphs over the blue gradient.
    const { data } = await sharp(png).extract({ left: 72, top: 260, width: 600, height: 110 }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const bright = [...data].filter((v) => v > 220).length;
    expect(bright / data.length).toBeGreaterThan(0.05);

    // A revoked link previews as ended.
    await page.request.delete(`/api/shared-assistants/${shareId}`, { headers: { origin } });
    const gone = await (await fetch(`${origin}/shared/${shareId}`)).text();
    expect(gone).toContain("此分享連結已結束");
  });

  test("a real Open Graph parser reads the shared page as a link unfurler does: title, description, 1200x630 PNG, large card", async ({ page }) => {
    await signIn(page, owner.email, owner.password);
    const origin = new URL(page.url()).origin;
    const name = "開放圖譜預覽助手";
    const created = await page.request.post("/api/shared-assistants", { data: { name, rolePrompt: "你是文件客服。", includeDocuments: true }, headers: { origin } });
    expect(created.status()).toBe(201);
    const { shareId } = await created.json();

    // open-graph-scraper fetches the page itself, with no cookies, and parses it.
    const { error, result } = await ogs({ url: `${origin}/shared/${shareId}` });
    expect(error).toBe(false);
    expect(result.ogTitle).toBe(name);
    expect(result.ogDescription).toContain(name);
    expect(result.twitterCard).toBe("summary_large_image");
    const [ogImage] = result.ogImage ?? [];
    expect([ogImage?.width, ogImage?.height]).toEqual(["1200", "630"]);
    // Absolute, on the public origin: an unfurler fetches it from there.
    const imageUrl = new URL(ogImage!.url);
    expect(imageUrl.origin).toBe(origin);
    expect(imageUrl.pathname).toMatch(new RegExp(`^/shared/${shareId}/opengraph-image`));

    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual([1200, 630]);
  });
});
