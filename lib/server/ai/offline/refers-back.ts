import "server-only";

// A sentence that names the very thing a question asks for by pointing back at it does not hold
// the answer; the one before it does. Asked 「五月天的哪一張專輯得到了金曲獎？」, the sentence that
// repeats the question's words says 「五月天也以這張專輯獲得…」: the album is named the sentence
// before; asked 「何種動物在建造水壩時…」, 「牠們在建造水壩的時候…」 is about an animal named earlier.
// (A sentence that merely opens with a pronoun, 它… or 這些…, holds the answer itself far more
// often: leading with the one before it then cost DRCD 1.6 points. The same reading of English
// questions, "this treaty" for "which treaty", cost SQuAD a little, so it is not made.)

const MEASURE = "[個个位種种項项張张部座本首條条家間间所件次名支隻只場场屆届則则門门艘輛辆架套份篇期]";
// 什麼制度 / 哪一張專輯 / 何種動物: the noun asked about, its first two characters (enough to find it again).
const ASKED_NOUN = new RegExp(`(?:什麼|甚麼|什么|哪一?|何)${MEASURE}?([\\p{Script=Han}]{2})`, "u");
const POINTER = `[這这該该此其那][一]?${MEASURE}?`;
// Asking for a person or an animal, answered by a sentence that opens with a pronoun for it.
const ASKS_WHO = /誰|谁|何人|哪一?位|何種動物|何种动物|哪一?種動物|哪一?种动物/u;
const OPENS_WITH_PRONOUN = /^(?:[他她它牠][們们]?|其)/u;

/** Whether `sentence` points back at what `question` asks for (這張專輯 for 哪一張專輯). */
export function refersBackToAsked(question: string, sentence: string): boolean {
  const noun = ASKED_NOUN.exec(question)?.[1];
  if (noun && new RegExp(`${POINTER}${noun}`, "u").test(sentence)) return true;
  return ASKS_WHO.test(question) && OPENS_WITH_PRONOUN.test(sentence.trimStart());
}
