import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

// A real SMTP server on loopback for the tests (integration, end-to-end and the benchmark): it
// keeps every message it accepts and lets a test decide, per recipient, how the server answers
// (a 4xx or 5xx at RCPT TO, a held reply) and hold the conversation at chosen points.

export interface ReceivedMessage {
  /** RCPT TO addresses of the transaction. */
  to: string[];
  raw: Buffer;
  receivedAt: number;
}

/** What the server says to one RCPT TO: accept, or refuse with an SMTP code and text. */
export type RcptAnswer = { accept: true } | { code: number; message: string };

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMessage[];
  /** RCPT TO answers given, in order (accepted or refused). */
  rcptLog: { address: string; code: number }[];
  /** Decides each RCPT TO (default: accept). May wait: the client waits with it. */
  onRcpt: (address: string) => RcptAnswer | Promise<RcptAnswer>;
  /** Runs after a message's data has arrived, before the server's reply (which waits for it). */
  afterData: (message: ReceivedMessage) => void | Promise<void>;
  countFor(address: string): number;
  parse(message: ReceivedMessage): Promise<ParsedMail>;
  /** The last message to `address`, parsed. */
  lastTo(address: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(options: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    port: 0,
    url: "",
    messages: [],
    rcptLog: [],
    onRcpt: () => ({ accept: true }),
    afterData: () => undefined,
    countFor(address) {
      const wanted = address.toLowerCase();
      return state.messages.filter((m) => m.to.includes(wanted)).length;
    },
    parse: (message) => simpleParser(message.raw),
    async lastTo(address) {
      const wanted = address.toLowerCase();
      const found = state.messages.filter((m) => m.to.includes(wanted)).at(-1);
      if (!found) throw new Error(`no message to ${address}`);
      return simpleParser(found.raw);
    },
    close: async () => undefined,
  };

  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: no certificate to trust, and AUTH allowed without TLS for the test.
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      const error = new Error("Invalid username or password") as Error & { responseCode: number };
      error.responseCode = 535;
      callback(error);
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      void Promise.resolve(state.onRcpt(address.address.toLowerCase())).then((answer) => {
        if ("accept" in answer) {
          state.rcptLog.push({ address: address.address.toLowerCase(), code: 250 });
          return callback();
        }
        state.rcptLog.push({ address: address.address.toLowerCase(), code: answer.code });
        const error = new Error(answer.message) as Error & { responseCode: number };
        error.responseCode = answer.code;
        callback(error);
      });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const message: ReceivedMessage = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks),
          receivedAt: Date.now(),
        };
        state.messages.push(message);
        void Promise.resolve(state.afterData(message)).then(() => callback(null, "OK: queued"));
      });
    },
  });
  // A client that drops mid-conversation (a killed sender) is no failure of the server.
  server.on("error", () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  state.port = typeof address === "object" && address ? address.port : 0;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : "";
  state.url = `smtp://${credentials}127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A gate a test opens and closes: while closed, `wait()` holds its caller. */
export function gate(open = true) {
  let isOpen = open;
  let waiters: (() => void)[] = [];
  return {
    get open() {
      return isOpen;
    },
    /** How many callers are held right now. */
    get waiting() {
      return waiters.length;
    },
    close() {
      isOpen = false;
    },
    /** Opens and lets everyone held through. */
    release() {
      isOpen = true;
      const held = waiters;
      waiters = [];
      for (const w of held) w();
    },
    /** Lets exactly one held caller through (the gate stays closed). */
    releaseOne(): boolean {
      const next = waiters.shift();
      next?.();
      return next !== undefined;
    },
    wait(): Promise<void> {
      if (isOpen) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** A header as written (mailparser turns List-* headers into structures). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim();
}
