// The baseline of bench:email, in a process of its own (as the app's sender is): nodemailer with
// the app's settings (its connections, Nagle's algorithm off, base64 bodies, as the app has them) sends `count`
// messages to the sink, as many at once as the pool has connections, with no database, no claims
// and no throttle. Prints { seconds, messagesPerSecond }.
import net from "node:net";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { benchMessage } from "./campaign-message.ts";

const [port, count, connections] = process.argv.slice(2).map(Number);
const options: SMTPPool.Options = {
  pool: true,
  host: "127.0.0.1",
  port,
  secure: false,
  maxConnections: connections,
  maxMessages: Infinity,
  getSocket: (_options, callback) => callback(null, { connection: net.connect({ host: "127.0.0.1", port, noDelay: true, keepAlive: true }) }),
};
const transport = nodemailer.createTransport(options);
const message = benchMessage("http://127.0.0.1/unsubscribe?token=bench");
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let i = next++; i < count; i = next++) {
      await transport.sendMail({
        from: { name: "AI 文件助理", address: "news@example.com" },
        to: `bare-${i}@example.com`,
        subject: message.subject,
        text: message.text,
        html: message.html,
        textEncoding: "base64",
        headers: { "List-Unsubscribe": "<http://127.0.0.1/api/email/unsubscribe?token=bench>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    }
  }),
);
const seconds = (performance.now() - started) / 1_000;
transport.close();
console.log(JSON.stringify({ seconds, messagesPerSecond: count / seconds }));
