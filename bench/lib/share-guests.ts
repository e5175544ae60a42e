// Simulated visitors of one share link. Each is its own browser (cookie jar, so the guest key the
// server binds a conversation to stays with it) and its own session id, and every question it asks
// carries its own token: a message that turns up in anyone else's conversation is a leak.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { oneConnection, send, type Reply } from "./closed-loop";
import { CookieJar } from "./cookie-jar";

const TIMEOUT_MS = 30_000;

export type Guest = {
  token: string;
  sessionId: string;
  jar: CookieJar;
  agent: http.Agent;
  /** Every question sent (the last may have been cut off by the end of the run). */
  asked: Set<string>;
  /** Questions answered with a 2xx: each must be in the guest's conversation afterwards. */
  answered: Set<string>;
};

export type ShareTarget = { baseUrl: string; shareId: string };

export function makeGuests(count: number, label: string): Guest[] {
  return Array.from({ length: count }, (_, i) => {
    // Same length for every token, so one can never be a substring of another.
    const token = `${label}${String(i).padStart(3, "0")}_${randomBytes(4).toString("hex")}`;
    return { token, sessionId: `session_${token}`, jar: new CookieJar(), agent: oneConnection(), asked: new Set(), answered: new Set() };
  });
}

const messagesUrl = (target: ShareTarget) => `${target.baseUrl}/api/shared-assistants/${target.shareId}/messages`;

/** The guest posts a question (JSON, not SSE) from its browser and keeps any cookie given. */
export async function ask(guest: Guest, target: ShareTarget, questions: readonly string[]): Promise<Reply> {
  const n = guest.asked.size;
  const message = `${questions[n % questions.length]}（${guest.token} 第 ${n} 問）`;
  guest.asked.add(message);
  const cookie = guest.jar.header();
  const reply = await send(guest.agent, messagesUrl(target), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: target.baseUrl, ...(cookie ? { cookie } : {}) },
    // A client id per message, as the chat page sends (the server checks it for a retried send).
    body: JSON.stringify({ message, sessionId: guest.sessionId, clientId: `msg_${guest.token}_${n}` }),
    timeoutMs: TIMEOUT_MS,
  });
  guest.jar.absorb(reply.setCookies);
  if (reply.status >= 200 && reply.status < 300) guest.answered.add(message);
  return reply;
}

type Listed = { role: string; content: string };

export type LeakReport = {
  /** Conversations read: each guest's own, another guest's id with its cookie, and with none. */
  reads: number;
  messagesChecked: number;
  /** A message of someone else in a conversation, or another's conversation shown to a guest. */
  leaks: number;
  /** Answered questions missing from their own conversation. */
  lostAnswers: number;
  /** Reads answered other than 200 with a list. */
  readErrors: number;
  examples: string[];
};

/**
 * Reads every guest's conversation with its own cookie and checks it holds only that guest's
 * messages and all its answered questions; then presents each guest's session id from another
 * guest's browser and from a browser with no cookie, which must both see nothing.
 */
export async function checkConversations(target: ShareTarget, guests: readonly Guest[]): Promise<LeakReport> {
  const allTokens = guests.map((g) => g.token);
  const report: LeakReport = { reads: 0, messagesChecked: 0, leaks: 0, lostAnswers: 0, readErrors: 0, examples: [] };
  const flag = (kind: "leaks" | "lostAnswers" | "readErrors", detail: string) => {
    report[kind]++;
    if (report.examples.length < 10) report.examples.push(detail);
  };
  const stranger = oneConnection();
  const read = async (sessionId: string, browser: { agent: http.Agent; cookie: string }): Promise<Listed[] | string> => {
    report.reads++;
    try {
      const reply = await send(browser.agent, `${messagesUrl(target)}?sessionId=${encodeURIComponent(sessionId)}`, {
        headers: browser.cookie ? { cookie: browser.cookie } : {},
        timeoutMs: TIMEOUT_MS,
      });
      const body = reply.status === 200 ? (JSON.parse(reply.body) as unknown) : null;
      return Array.isArray(body) ? (body as Listed[]) : `status ${reply.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  await Promise.all(
    guests.map(async (guest, i) => {
      const own = await read(guest.sessionId, { agent: guest.agent, cookie: guest.jar.header() });
      if (typeof own === "string") return flag("readErrors", `${guest.token}: own conversation unreadable (${own})`);
      const questions = new Set(own.filter((m) => m.role === "user").map((m) => m.content));
      for (const message of own) {
        report.messagesChecked++;
        const foreign = allTokens.find((t) => t !== guest.token && message.content.includes(t));
        if (foreign) flag("leaks", `${guest.token} sees a ${message.role} message carrying ${foreign}`);
        else if (message.role === "user" && !guest.asked.has(message.content)) flag("leaks", `${guest.token} sees a question it never asked`);
      }
      for (const answered of guest.answered) if (!questions.has(answered)) flag("lostAnswers", `${guest.token}: an answered question is missing`);

      const other = guests[(i + 1) % guests.length];
      if (other === guest) return;
      const browsers = [
        { who: `${guest.token}'s browser`, agent: guest.agent, cookie: guest.jar.header() },
        { who: "a browser with no cookie", agent: stranger, cookie: "" },
      ];
      for (const { who, ...browser } of browsers) {
        const seen = await read(other.sessionId, browser);
        if (typeof seen === "string") flag("readErrors", `${who} reading ${other.token}'s session got ${seen}`);
        else if (seen.length > 0) flag("leaks", `${who} reading ${other.token}'s session got ${seen.length} messages`);
      }
    }),
  );
  stranger.destroy();
  return report;
}
