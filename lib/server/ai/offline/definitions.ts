import "server-only";
import type { DocumentText } from "./document-text";
import { splitSentences } from "./sentences";
import { ENGLISH_COMMON, hasHan, isCodeToken, isMostlyLatin, looksLikeCodeOrTable, looksLikePersonName, occurrences } from "./text-shapes";

// What a document defines: the subjects of "X is a …", 「X是…」 and "X: …", each with its sentence,
// when the document names them again. Never a person (伽利略是…物理學家), a clause's opening
// (一般認為是), a label (日期：…) or a pronoun.

// Labels, not terms: "Note: …", 「日期：…」, 「第一頁：…」.
const LABEL =
  /^(?:notes?|nb|examples?|e\.g|warning|caution|tip|important|summary|conclusions?|abstract|date|time|place|location|venue|authors?|editors?|e-?mail|tel|phone|fax|address|url|website|sources?|see also|references?|version|status|subject|re|to|from|cc|step|question|answer|q|a|notice|update[ds]?|keywords|附註|註|備註|注意|說明|範例|例如|例|提示|警告|重要|摘要|結語|結論|前言|日期|時間|地點|地址|作者|編輯|電話|傳真|信箱|電子郵件|網址|來源|出處|參考|參考資料|版本|狀態|主旨|公告|通知|問|答|關鍵字|步驟)$/i;
// Chinese words that start a clause, not a name: 這是, 他是, 但是, 本手冊為.
const ZH_NOT_A_SUBJECT_START = new Set([..."這那此其他她它我你您但而並及與和或因所如若雖則就也都還又再更最很該本各每某今現當在從對由將把被讓使令另即第一二三四五六七八九十兩幾數"]);
// Words that open a sentence without naming anything: 一般認為是, 然後是, 東南部是.
const ZH_NOT_A_SUBJECT = /^(?:[東西南北中內外上下前後]+部|前者|後者|兩者|其餘|.*部分|多數|少數|全部|一般(?:認為|來說)?|通常|然後|因此|所以|但是|其中|另外|此外|同時|目前|現在|當時|後來|之後|最後|首先|其次|其實|主要|原因|問題|結果|重點|特點|目的|名字|名稱|例如|比如|總之)$/;
// What a person is said to be (伽利略是義大利物理學家): "什麼是伽利略？" would be the wrong question.
const ZH_PERSON = /(?:人|人物|(?<!國)家|者|帝|王|君主|汗|將軍|將領|統帥|元帥|首相|總統|總理|主席|領袖|教宗|主教|演員|歌手|導演|藝人|球員|選手|教練|教授|醫師|醫生|律師|官員|大臣|宰相|丞相|皇后|妃|公主|之子|之女|兒子|女兒|[長次嫡皇王太養獨孫]子|創始人|創辦人|成員|弟子|學生|[歌選水琴鼓]手)$/;
const ZH_NOT_A_SUBJECT_END = new Set([..."也都就還又再更最很均皆亦仍便才即已曾將會可能應需要不非只正並而則卻的了"]);
const ZH_DEFINITION = /^([\p{Script=Han}A-Za-z0-9·・\- ]{2,16}?)(?:（[^）]{0,40}）|\([^)]{0,40}\)|；[^，。；]{0,40}?)?，?(?:是指|係指|是|乃)(?!否|為|以|因|由|了|在|不|非|從|對|於|要|可|有|指)/u;
const EN_NOT_A_SUBJECT =
  /^(?:this|that|these|those|it|they|he|she|we|you|i|there|here|each|every|some|any|all|such|other|another|one|its|their|his|her|our|my|what|which|who|where|when|how|if|although|but|and|or|so|however|thus|therefore|in|on|at|for|from|by|with|as|also|only|not|no|to|into|onto|towards?|near|after|before|during|since|until|under|over|above|below|between|among|through|across|along|around|behind|beyond|within|without|about|of|off|up|down|out)$/i;
// Words a name may hold inside (University of Chicago, Newcastle upon Tyne): any other small word
// means the match ran past the subject ("To the south is …").
const EN_NAME_LINKS = new Set(["of", "and", "upon", "for", "de", "du", "la", "le", "von", "van"]);
const EN_DEFINITION =
  /^(?:(the|a|an)\s+)?([A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,4}?)(?:\s*\([^)]{0,240}\))?(?:,\s[^,]{1,80},)?\s+(is|are)\s+(?:a|an|the|one|any|defined|commonly|usually|generally|typically|known)\b/i;

/** A subject as it reads mid-sentence: "Oxygen is …" asks "What is oxygen?", "University of Chicago" stays a name. */
function asWritten(words: readonly string[], ordinaryWords: ReadonlySet<string>): string {
  const [first, ...rest] = words;
  const common = /^\p{Lu}\p{Ll}+$/u.test(first) && ordinaryWords.has(first.toLowerCase()) && rest.every((w) => !/^\p{Lu}/u.test(w));
  return [common ? first.toLowerCase() : first, ...rest].join(" ");
}

export interface Definition {
  phrase: string;
  plural: boolean;
  latin: boolean;
  evidence: string;
}

export function definitionsOf(doc: DocumentText, text: string, ordinaryWords: ReadonlySet<string>): Definition[] {
  const out: Definition[] = [];
  const lowerText = text.toLowerCase();
  const named = (phrase: string) => occurrences(lowerText, phrase.toLowerCase()) >= 2 || (doc.title !== null && doc.title.toLowerCase() === phrase.toLowerCase());
  const add = (definition: Definition) => {
    if (!out.some((d) => d.phrase.toLowerCase() === definition.phrase.toLowerCase())) out.push(definition);
  };
  for (const line of doc.prose.flat()) {
    const label = /^([^:：]{2,40})[:：]\s*(.{12,})$/u.exec(line);
    if (label) {
      const term = label[1].trim();
      const latin = !hasHan(term);
      const short = latin ? term.split(/\s+/).length <= 4 && /^\p{L}/u.test(term) : term.length <= 10;
      if (short && !LABEL.test(term) && !/\d/.test(term) && !isCodeToken(term) && !looksLikeCodeOrTable(term) && !looksLikePersonName(term, ordinaryWords) && occurrences(lowerText, term.toLowerCase()) >= 2) {
        add({ phrase: latin ? asWritten(term.split(/\s+/), ordinaryWords) : term, plural: latin && /[^s]s$/i.test(term) && !/(?:ss|us|is)$/i.test(term), latin, evidence: line });
      }
    }
    // Split at full stops only: 「X；英語：Y是…」 is one definition.
    for (const sentence of line.split(/(?<=[。！？])/u).flatMap((part) => (isMostlyLatin(part) ? splitSentences(part) : [part.trim()]))) {
      if (isMostlyLatin(sentence)) {
        const match = EN_DEFINITION.exec(sentence);
        if (!match) continue;
        const words = match[2].split(/\s+/);
        if (EN_NOT_A_SUBJECT.test(words[0]) || words.some((w) => isCodeToken(w) || (ENGLISH_COMMON.has(w.toLowerCase()) && !EN_NAME_LINKS.has(w.toLowerCase())))) continue;
        // A bare common word ("a type") is too general to ask about.
        if (words.length === 1 && /^\p{Ll}/u.test(words[0]) && !match[1]) continue;
        if (words.length === 1 && /^\p{Ll}/u.test(words[0]) && ordinaryWords.has(words[0])) continue;
        if (!named(match[2]) || looksLikePersonName(match[2], ordinaryWords)) continue;
        const article = match[1] ? `${match[1].toLowerCase()} ` : "";
        add({ phrase: `${article}${asWritten(words, ordinaryWords)}`, plural: match[3].toLowerCase() === "are", latin: true, evidence: sentence });
      } else {
        const match = ZH_DEFINITION.exec(sentence);
        if (!match) continue;
        const subject = match[1].trim();
        if (subject.length < 2 || ZH_NOT_A_SUBJECT_START.has(subject[0]) || ZH_NOT_A_SUBJECT_END.has(subject.at(-1)!) || ZH_NOT_A_SUBJECT.test(subject) || /^\d|\d[年月日]/.test(subject)) continue;
        if (!hasHan(subject) || looksLikePersonName(subject, ordinaryWords) || !named(subject)) continue;
        // Two characters name a topic only in the title (香港); otherwise they are a word (任務, 南部).
        if (subject.length < 3 && !doc.title?.includes(subject)) continue;
        // 「X是…的」 explains something about X rather than what X is.
        const complement = sentence.slice(match[0].length).split(/[，。；、]/u)[0].replace(/(?:當中|中)?(?:之一|的一位|的一員)$/u, "");
        if (complement.endsWith("的") || ZH_PERSON.test(complement)) continue;
        add({ phrase: subject, plural: false, latin: false, evidence: sentence });
      }
    }
  }
  return out;
}
