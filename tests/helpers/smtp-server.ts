import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on a free loopback port, in the test's own process: the app sends to it over
// SMTP as it would to any provider, and every message it accepts is parsed back with mailparser.

export type ReceivedEmail = { envelopeTo: string[]; raw: Buffer; parsed: ParsedMail };

export type RunningSmtp = Awaited<ReturnType<typeof startSmtpServer>>;

export async function startSmtpServer({ user = "family-book", password = "smtp-test-password" } = {}) {
  const received: ReceivedEmail[] = [];
  const waiting = new Set<() => void>();
  /** Recipients the server refuses at RCPT TO, to test what a refusal does. */
  const refusedRecipients = new Set<string>();

  const server = new SMTPServer({
    // Plain SMTP with a password, on loopback only; STARTTLS would need a certificate the client trusts.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (refusedRecipients.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks);
        received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed: await simpleParser(raw) });
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    received,
    refusedRecipients,
    /** The messages sent to this address so far. */
    to(address: string) {
      return received.filter((email) => email.envelopeTo.some((recipient) => recipient.toLowerCase() === address.toLowerCase()));
    },
    /** Resolves with the first message to this address, as soon as it arrives. */
    async waitFor(address: string) {
      for (;;) {
        const found = this.to(address)[0];
        if (found) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header exactly as the message carries it (unfolded), or undefined: mailparser reshapes List-* headers. */
export function rawHeader(parsed: ParsedMail, name: string) {
  const line = parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}
