import net from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startInboundSmtp, type InboundSmtp } from "@/server/questions/weekly-email-replies/inbound-smtp";
import { INBOUND_TEST_DOMAIN } from "../helpers/replies";

// The SMTP listener for replies takes at most 5 connections from one address and 20 in all
// (docs/decisions/022-answers-by-reply.md): one client cannot hold every slot. Clients on
// 127.0.0.2, 127.0.0.3… are different addresses (Linux routes all of 127/8 to loopback).

type Client = { socket: net.Socket; greeting: string };

let listener: InboundSmtp;
const clients: net.Socket[] = [];

// A listener per test, closed only once every connection it had is gone: no test sees another's.
beforeEach(async () => {
  listener = await startInboundSmtp({ port: 0, host: "127.0.0.1", domain: INBOUND_TEST_DOMAIN });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map(hangUp));
  await listener.close();
});

/** Connects from `from` and reads the listener's first line: its greeting (220) or its refusal (421). */
function connect(from = "127.0.0.1"): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: listener.port, localAddress: from });
    clients.push(socket);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("data", (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\r\n");
      if (end >= 0) resolve({ socket, greeting: received.slice(0, end) });
    });
    socket.on("close", () => reject(new Error(`Closed before a reply; received: ${JSON.stringify(received)}`)));
  });
}

function hangUp(socket: net.Socket): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    socket.once("close", () => resolve());
    socket.destroy();
  });
}

async function connectMany(count: number, from: string) {
  const connected: Client[] = [];
  for (let index = 0; index < count; index += 1) connected.push(await connect(from));
  return connected;
}

describe("connections to the SMTP listener for replies", () => {
  it("refuses a sixth connection from one address with 421 while another address is still greeted", async () => {
    const held = await connectMany(5, "127.0.0.1");
    for (const client of held) expect(client.greeting).toMatch(/^220 /);

    const sixth = await connect("127.0.0.1");
    expect(sixth.greeting).toMatch(/^421 .*Too many connections from your address/);

    const other = await connect("127.0.0.2");
    expect(other.greeting).toMatch(/^220 /);
  });

  it("frees an address's slot when one of its connections closes, and only then", async () => {
    const held = await connectMany(5, "127.0.0.3");
    expect((await connect("127.0.0.3")).greeting).toMatch(/^421 /);

    await hangUp(held[0]!.socket);
    // The listener learns of the close a moment after the client: ask until it has.
    await vi.waitFor(async () => expect((await connect("127.0.0.3")).greeting).toMatch(/^220 /), { timeout: 5_000, interval: 50 });

    // Refused connections never took a slot, so closing them freed none: the address is full again.
    expect((await connect("127.0.0.3")).greeting).toMatch(/^421 .*Too many connections from your address/);
  });

  it("still takes at most 20 senders in all, from any number of addresses", async () => {
    for (const from of ["127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7"]) {
      for (const client of await connectMany(5, from)) expect(client.greeting).toMatch(/^220 /);
    }
    expect((await connect("127.0.0.8")).greeting).toMatch(/^421 .*Too many connected clients/);
  });
});
