// A real SMTP server on loopback that keeps nothing but counts: messages per recipient, and when
// the first and the last arrived. Both sides of bench:email send to it.
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  port: number;
  url: string;
  counts: Map<string, number>;
  total: () => number;
  firstAt: () => number;
  lastAt: () => number;
  reset: () => void;
  close: () => Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let counts = new Map<string, number>();
  let total = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    onData(stream, session, callback) {
      stream.on("end", () => {
        const now = performance.now();
        if (total === 0) firstAt = now;
        lastAt = now;
        total++;
        for (const r of session.envelope.rcptTo) counts.set(r.address, (counts.get(r.address) ?? 0) + 1);
        callback(null, "OK");
      });
      stream.resume();
    },
  });
  server.on("error", () => undefined);
  // Replies go out at once: with Nagle's algorithm, a reply written in two parts waits for the
  // client's delayed ACK (40 ms), and both senders would measure that instead of themselves.
  server.server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    get counts() {
      return counts;
    },
    total: () => total,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    reset() {
      counts = new Map();
      total = 0;
      firstAt = 0;
      lastAt = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
