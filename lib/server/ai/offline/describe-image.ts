import "server-only";
import type { Locale } from "@/lib/constants";
import { formatImageSize } from "@/lib/format-bytes";

export interface ImageFacts {
  type: string;
  width: number;
  height: number;
  bytes: number;
  frames: number;
  /** Whether any pixel is see-through (not merely whether the format has an alpha channel). */
  hasAlpha: boolean;
  /** Dominant colours, most common first, with their share of the picture. */
  colours: { hex: string; share: number }[];
}

const NAMES = {
  black: { "zh-TW": "黑色", en: "black" },
  white: { "zh-TW": "白色", en: "white" },
  grey: { "zh-TW": "灰色", en: "grey" },
  red: { "zh-TW": "紅色", en: "red" },
  orange: { "zh-TW": "橙色", en: "orange" },
  yellow: { "zh-TW": "黃色", en: "yellow" },
  green: { "zh-TW": "綠色", en: "green" },
  cyan: { "zh-TW": "青色", en: "cyan" },
  blue: { "zh-TW": "藍色", en: "blue" },
  purple: { "zh-TW": "紫色", en: "purple" },
  pink: { "zh-TW": "粉紅色", en: "pink" },
  brown: { "zh-TW": "棕色", en: "brown" },
} as const;

/** A plain colour name for an sRGB colour, from its hue, saturation and lightness. */
export function colourName(hex: string, locale: Locale): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const chroma = max - min;
  let key: keyof typeof NAMES;
  if (chroma < 0.12) key = light < 0.2 ? "black" : light > 0.85 ? "white" : "grey";
  else {
    let hue = max === r ? ((g - b) / chroma) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
    hue = (hue * 60 + 360) % 360;
    if (hue < 15 || hue >= 345) key = light > 0.7 ? "pink" : "red";
    else if (hue < 40) key = light < 0.4 ? "brown" : "orange";
    else if (hue < 70) key = light < 0.3 ? "brown" : "yellow";
    else if (hue < 160) key = "green";
    else if (hue < 200) key = "cyan";
    else if (hue < 260) key = "blue";
    else if (hue < 310) key = "purple";
    else key = "pink";
  }
  return NAMES[key][locale];
}

function format(type: string): string {
  return type.replace("image/", "").toUpperCase().replace("JPEG", "JPEG");
}

/**
 * What can be said about an image without a vision model, in the reader's language: the file, its
 * colours, and plainly what it cannot see. (The question asked with it is answered from this when
 * the message is sent; repeating it here only doubled it in the user's bubble.)
 */
export function describeImage(facts: ImageFacts, locale: Locale): string {
  const size = formatImageSize(facts.bytes);
  const orientation = facts.width === facts.height ? "square" : facts.width > facts.height ? "landscape" : "portrait";
  const colours = [...new Set(facts.colours.map((c) => colourName(c.hex, locale)))].slice(0, 3);
  if (locale === "en") {
    return [
      `A ${format(facts.type)} image, ${facts.width} × ${facts.height} pixels (${orientation}), ${size}${facts.frames > 1 ? `, animated with ${facts.frames} frames` : ""}${facts.hasAlpha ? ", with transparency" : ""}.`,
      colours.length > 0 ? `Main colours: ${colours.join(", ")}.` : "",
      "Offline mode describes only the file itself; configure a vision model to have the picture's content read.",
    ]
      .filter(Boolean)
      .join("\n");
  }
  const shape = { square: "正方形", landscape: "橫向", portrait: "直向" }[orientation];
  return [
    `這是一張 ${format(facts.type)} 圖片，${facts.width} × ${facts.height} 像素（${shape}），大小 ${size}${facts.frames > 1 ? `，共 ${facts.frames} 格動畫` : ""}${facts.hasAlpha ? "，含透明背景" : ""}。`,
    colours.length > 0 ? `主要顏色：${colours.join("、")}。` : "",
    "離線模式只能描述檔案本身；設定具備視覺能力的 AI 模型後即可辨識圖片內容。",
  ]
    .filter(Boolean)
    .join("\n");
}
