import "server-only";

// The words of a question that join its topic words without being any of them: 到 in
// 商務車廂到臺中多少錢, 多少錢, 幾年, how much. A table row answering it says 臺中 and 2440 元, never 到
// or 多少錢, so matched as terms (with the bigrams across them, 廂到, 中多) they only lower the share
// of the question an answering sentence seems to hold. Taken out whole words at a time (the
// platform's word segmenter), so 得到 and 多少 inside a name stay.

const SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });

const CONNECTING =
  /^(?:到|至於|(?:什麼|甚麼|什么)?時候|(?:什么)?时候|幾時|几时|多少錢?|多久|多遠|多大|多長|多高|幾[個位次月天日歲種名人家座條項件所間]?|几[个位次月天日岁种名人家座条项件所间]?|哪[一些個个裡裏里邊边種种位天]?|什麼(?:東西)?|甚麼|什么(?:东西)?|誰|谁|何[時时處处種种者年日地人]?|為何|为何|為什麼|为什么|如何|怎麼|怎么|怎樣|怎样|是否|嗎|吗|呢|請問|请问)$/u;

// English question words are the tokenizer's stop words already, all but what follows "how".
const ENGLISH_CONNECTING = /\bhow\s+(?:much|many)\b/giu;

/** The question with its connecting words replaced by spaces, for matching against sentences. */
export function withoutConnectingWords(question: string): string {
  const english = question.replace(ENGLISH_CONNECTING, " ");
  let out = "";
  for (const { segment, isWordLike } of SEGMENTER.segment(english)) out += isWordLike && CONNECTING.test(segment) ? " " : segment;
  return out;
}
