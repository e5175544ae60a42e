// Some CJK fonts (Noto Sans CJK among them, as Chrome and LibreOffice embed it) map a glyph
// shared by a character and its radical to the radical's code point in the PDF's ToUnicode table,
// so pdf.js reads "停⾞場" (U+2F9E, KANGXI RADICAL CART) for 停車場 and no question about 車 finds
// it. Kangxi radicals all decompose to the unified ideograph (NFKC); of the radicals supplement
// only a few do, so the forms that are whole characters are listed here.
const SUPPLEMENT = new Map(
  Object.entries({
    "\u2e9f": "母",
    "\u2ea0": "民",
    "\u2ec4": "西",
    "\u2ec5": "见",
    "\u2ec6": "角",
    "\u2ec9": "贝",
    "\u2ecb": "车",
    "\u2ed1": "長",
    "\u2ed3": "长",
    "\u2ed4": "门",
    "\u2ed8": "青",
    "\u2ed9": "韦",
    "\u2eda": "页",
    "\u2edb": "风",
    "\u2edc": "飞",
    "\u2edd": "食",
    "\u2ee2": "马",
    "\u2ee4": "鬼",
    "\u2ee5": "鱼",
    "\u2ee6": "鸟",
    "\u2ee7": "卤",
    "\u2ee8": "麦",
    "\u2ee9": "黄",
    "\u2eec": "齐",
    "\u2eee": "齿",
    "\u2ef0": "龙",
    "\u2ef3": "龟",
  }),
);
const RADICALS = /[\u2e80-\u2eff\u2f00-\u2fdf]/gu;
const HAS_RADICAL = /[\u2e80-\u2eff\u2f00-\u2fdf]/u;

/** The text with radicals a font stood in for read as the characters they are. @param {string} text */
export function unifyRadicals(text) {
  return HAS_RADICAL.test(text) ? text.replace(RADICALS, (c) => SUPPLEMENT.get(c) ?? c.normalize("NFKC")) : text;
}
