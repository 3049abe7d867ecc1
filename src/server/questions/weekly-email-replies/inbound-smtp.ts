import "server-only";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { MAX_REPLY_BYTES, receiveReply } from "./receive-reply";
import { tokenFromReplyAddress } from "./reply-address";

// Replies by SMTP (docs/decisions/022-answers-by-reply.md): the app's own listener, on
// INBOUND_SMTP_PORT, for the domain's MX (or a forwarding rule) to deliver to. It takes mail for
// reply addresses only (anything else is refused at RCPT TO, so it relays nothing), at most
// 25 MB (552 after DATA beyond that), and hands each message to receiveReply — the same
// function the HTTP endpoint uses. A reply it could not use is still accepted (250): refusing it
// would make the sender's server mail a bounce, and the recipient gets our own short email instead.
// Only a failure on our side (the database unreachable) answers 451, so the sender retries later.

export type InboundSmtp = { port: number; close: () => Promise<void> };

/** How many senders may be connected at once: replies are few, and each holds up to 25 MB. */
const MAX_CLIENTS = 20;
/**
 * How many of those may come from one address, so that one client cannot hold every slot. A mail
 * server delivers a few messages at a time (Postfix starts at 5 per destination) and retries later
 * after a 421; a relay in front of the listener is one address and simply queues behind it.
 */
const MAX_CLIENTS_PER_ADDRESS = 5;
/** A sender that keeps the listener waiting this long is closed (421), so an idle connection gives its slot back. */
const IDLE_TIMEOUT_MS = 60_000;

export async function startInboundSmtp({ port, host, domain }: { port: number; host?: string; domain: string | undefined }): Promise<InboundSmtp> {
  const slots = addressSlots(MAX_CLIENTS_PER_ADDRESS);
  const server = new SMTPServer({
    name: domain ?? "localhost",
    banner: "Family Book replies",
    // Mail from other servers: no login; STARTTLS would need a certificate (put a relay in front for TLS).
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    size: MAX_REPLY_BYTES,
    // The limit is not announced, so a sender's declared size is not refused at MAIL FROM, before the
    // recipient is known: the message is read (nothing beyond 25 MB kept) and refused after DATA, when
    // its reply address says whom to tell.
    hideSize: true,
    maxClients: MAX_CLIENTS,
    socketTimeout: IDLE_TIMEOUT_MS,
    // On shutdown, a sender still connected gets 10 s to finish.
    closeTimeout: 10_000,
    logger: false,
    // The client's host name is never used, and looking it up costs a DNS query per connection.
    disableReverseLookup: true,
    onConnect(session, callback) {
      // The connection's own address: the listener trusts no PROXY header or XCLIENT that could name another.
      if (!slots.take(session.id, session.remoteAddress)) {
        console.warn(`A connection by SMTP was refused: ${MAX_CLIENTS_PER_ADDRESS} already open from ${session.remoteAddress}.`);
        callback(Object.assign(new Error("Too many connections from your address, try again in a moment"), { responseCode: 421 }));
        return;
      }
      callback();
    },
    onClose(session) {
      slots.release(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (!domain || !tokenFromReplyAddress(address.address, domain)) {
        console.warn("A message by SMTP was refused: not a reply address.");
        callback(Object.assign(new Error("No such mailbox here"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        (error) => callback(error),
        (error: unknown) => {
          console.error("A reply by SMTP could not be handled:", error);
          callback(Object.assign(new Error("Please try again later"), { responseCode: 451 }));
        },
      );
    },
  });
  server.on("error", (error) => console.error("The SMTP listener for replies:", error.message));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    if (host) server.listen(port, host, () => resolve());
    else server.listen(port, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Open connections per client address; a connection counts from its accepted greeting until it closes. */
function addressSlots(perAddress: number) {
  const openByAddress = new Map<string, number>();
  const addressOfSession = new Map<string, string>();
  return {
    /** Counts the connection if its address has a free slot; false (nothing counted) if not. */
    take(sessionId: string, address: string) {
      const open = openByAddress.get(address) ?? 0;
      if (open >= perAddress) return false;
      openByAddress.set(address, open + 1);
      addressOfSession.set(sessionId, address);
      return true;
    },
    /** Frees the connection's slot; a connection that was refused (or never greeted) held none. */
    release(sessionId: string) {
      const address = addressOfSession.get(sessionId);
      if (address === undefined) return;
      addressOfSession.delete(sessionId);
      const open = (openByAddress.get(address) ?? 1) - 1;
      if (open > 0) openByAddress.set(address, open);
      else openByAddress.delete(address);
    },
  };
}

/** Reads the message (nothing beyond 25 MB is kept) and answers: null to accept it, an error to refuse it. */
async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<Error | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_REPLY_BYTES) chunks.push(chunk);
  }
  const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
  if (stream.sizeExceeded || size > MAX_REPLY_BYTES) {
    await receiveReply({ raw: null, recipients, via: "smtp" });
    return Object.assign(new Error("Message too large: at most 25 MB"), { responseCode: 552 });
  }
  await receiveReply({ raw: Buffer.concat(chunks), recipients, via: "smtp" });
  return null;
}
