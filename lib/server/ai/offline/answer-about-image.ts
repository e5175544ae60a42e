import "server-only";
import { tokenize } from "@/lib/server/ingest/tokenizer";
import { composeAnswer, matchSentences, type AnswerInput } from "./compose-answer";
import { splitSentences } from "./sentences";

// A question sent with an image is answered from the image's analysis (the description the
// offline model or a vision model made of it when it was attached), and from the documents too
// when the question also concerns them. Without this the question was put to the documents alone
// and "what colour is this picture?" found nothing, although the analysis said "blue".

export interface ImageAnswerInput extends AnswerInput {
  /** The image's analysis, as appended to the message after [圖片分析]. */
  image: string;
}

// Words naming the picture itself: every line of its analysis is about it, so they tell nothing
// about which line answers, and they are not what to look for in the documents.
const IMAGE_WORDS = /這張圖片|這張照片|這張圖|這個圖片|圖片|照片|相片|截圖|影像|(?:this|the|that|my)\s+(?:image|picture|photo|screenshot)|\b(?:images?|pictures?|photos?|screenshots?|pics?)\b/giu;
// A question that says it is about the picture, or asks what only the picture can tell.
const ABOUT_IMAGE = /圖|照片|相片|影像|畫面|顏色|色彩|什麼色|尺寸|像素|解析度|格式|透明|動畫|\b(?:image|picture|photo|screenshot|pic|colou?rs?|pixels?|resolution|dimensions?|format|transparent|animated)\b/iu;

// A question asks about one aspect in many words (尺寸, 多大, resolution); the analysis names it
// in its own (像素, pixels). Each group's words stand for all of them.
const ASPECTS = [
  "顏色 色彩 顏 色 colour color colours colors hue",
  "尺寸 多大 大小 像素 解析度 寬度 高度 size dimension resolution pixel pixels big large small wide tall kb mb",
  "格式 類型 檔案類型 format type filetype png jpeg jpg gif webp",
  "透明 transparent transparency alpha",
  "動畫 動態 幾格 animated animation frames",
].map((words) => new Set(tokenize(words)));

const SINGLE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const MAX_LINES = 2;
const SECOND_LINE_MIN_SHARE = 0.6;

const TEXT = {
  "zh-TW": {
    about: "關於您附上的圖片，分析結果如下：",
    whole: "以下是您附上的圖片的分析結果：",
    offline: "（離線模式：回覆摘錄自圖片分析）",
  },
  en: {
    about: "About the image you attached, its analysis says:",
    whole: "Here is what the analysis of the image you attached found:",
    offline: "(Offline mode: the reply quotes the image analysis.)",
  },
} as const;

/** The question's terms for matching lines of the analysis: without the picture's own name, with each aspect's other words. */
function questionTerms(question: string): Set<string> {
  const terms = new Set(tokenize(question.replace(IMAGE_WORDS, " ")));
  for (const group of ASPECTS) if ([...terms].some((t) => !SINGLE_CJK.test(t) && group.has(t))) for (const t of group) terms.add(t);
  return terms;
}

/** The lines of the analysis that answer the question, in their order; empty when none does. */
function answeringLines(question: string, lines: readonly string[]): string[] {
  const terms = questionTerms(question);
  // Sharing a whole word counts; sharing a single character (大 of 大小 and 多大) only a little.
  const scores = lines.map((line) => {
    let score = 0;
    for (const term of new Set(tokenize(line))) if (terms.has(term)) score += SINGLE_CJK.test(term) ? 0.1 : 1;
    return score;
  });
  const best = Math.max(0, ...scores);
  if (best < 1) return [];
  const kept = scores
    .map((score, i) => ({ score, i }))
    .filter((s) => s.score >= best * SECOND_LINE_MIN_SHARE)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, MAX_LINES)
    .map((s) => s.i)
    .sort((a, b) => a - b);
  return kept.map((i) => lines[i]);
}

function quote(lines: readonly string[]): string[] {
  return lines.flatMap((line) => [`> ${line}`, ""]);
}

/**
 * The offline reply to a message sent with an image: the lines of the image's analysis that answer
 * it (all of them, with what offline analysis cannot see, when the question asks for something
 * the analysis does not say or there is no question), then what the documents say when the
 * question also concerns them. A question plainly about the documents is answered from them as
 * usual.
 */
export function composeAnswerWithImage(input: ImageAnswerInput): string {
  const text = TEXT[input.locale];
  const question = input.question.trim();
  const documentQuestion = question.replace(IMAGE_WORDS, " ").trim();
  const documents = documentQuestion ? matchSentences(documentQuestion, input.passages) : null;
  const aboutImage = !question || ABOUT_IMAGE.test(question) || !documents;
  if (!aboutImage) return composeAnswer(input);

  // Matched a sentence at a time (a vision model writes paragraphs); the whole analysis a line at a time.
  const answering = question ? answeringLines(question, splitSentences(input.image)) : [];
  const lines = input.image.split(/\n+/).map((line) => line.trim()).filter(Boolean);
  const parts = answering.length > 0 ? [text.about, "", ...quote(answering)] : [text.whole, "", ...quote(lines)];
  // The documents too, when they clearly speak to the question (not merely share a word with it).
  if (documents?.confident) parts.push(composeAnswer({ ...input, question: documentQuestion }));
  else parts.push(text.offline);
  return parts.join("\n");
}
