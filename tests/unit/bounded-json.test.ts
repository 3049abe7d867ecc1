import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  JsonSyntaxError,
  JsonTooDeepError,
  JsonTooManyValuesError,
  JsonTooSlowError,
  nestedDeeperThan,
  parseBoundedJson,
  parseJsonInTurns,
} from "@/server/platform/http/bounded-json";

// JSON from outside is parsed with a bound on its nesting (docs/decisions/007-bounded-requests.md),
// and a large document in turns that leave room for other requests: the same values as JSON.parse.

async function outcome(parse: () => unknown) {
  try {
    return { value: await parse() };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

describe("parseJsonInTurns", () => {
  it("reads every JSON value exactly as JSON.parse does", async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ depthSize: "medium" }), async (text) => {
        expect(await parseJsonInTurns(text, { charsPerSlice: 7 })).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  it("reads text with every kind of escape, and __proto__ as an ordinary key", async () => {
    const text = JSON.stringify({ a: 'quote " slash \\ / \b\f\n\r\t \u0001 é 😀 \ud800', list: [1.5e300, -0, 0.1, -12, 1e-7], nested: [[{}], []] });
    expect(await parseJsonInTurns(` ${text} `)).toStrictEqual(JSON.parse(text));
    const proto = (await parseJsonInTurns('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses what JSON.parse refuses, and accepts what it accepts, for any text", async () => {
    const near = fc.oneof(
      fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', ":", ",", "\\", "u", "0", "1", "-", ".", "e", "t", "r", "n", "l", " ", "\n", "\u0001", "a") }),
      fc
        .tuple(fc.json(), fc.nat(), fc.string({ maxLength: 3 }))
        .map(([json, at, insert]) => json.slice(0, at % (json.length + 1)) + insert + json.slice(at % (json.length + 1))),
    );
    await fc.assert(
      fc.asyncProperty(near, async (text) => {
        const native = await outcome(() => JSON.parse(text));
        const ours = await outcome(() => parseJsonInTurns(text, { charsPerSlice: 5 }));
        if ("value" in native) expect(ours).toStrictEqual(native);
        else expect(ours).toEqual({ error: "JsonSyntaxError" });
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses nesting deeper than the bound before building it", async () => {
    await expect(parseJsonInTurns("[".repeat(33) + "]".repeat(33))).rejects.toBeInstanceOf(JsonTooDeepError);
    await expect(parseJsonInTurns("[".repeat(32) + "]".repeat(32))).resolves.toBeDefined();
    await expect(parseJsonInTurns('{"a":'.repeat(40) + "1" + "}".repeat(40))).rejects.toBeInstanceOf(JsonTooDeepError);
  });

  it("refuses more values than it is allowed to build", async () => {
    await expect(parseJsonInTurns(`[${"0,".repeat(100)}0]`, { maxValues: 100 })).rejects.toBeInstanceOf(JsonTooManyValuesError);
    await expect(parseJsonInTurns(`[${"0,".repeat(98)}0]`, { maxValues: 100 })).resolves.toHaveLength(99);
  });

  it("gives other work its turn between slices, and stops at its deadline", async () => {
    const text = JSON.stringify(Array.from({ length: 20_000 }, (_, index) => ({ index, text: "some words of a story" })));
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    await parseJsonInTurns(text, { charsPerSlice: 4_096 });
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(5);
    await expect(parseJsonInTurns(text, { charsPerSlice: 4_096, deadline: performance.now() - 1 })).rejects.toBeInstanceOf(JsonTooSlowError);
  });
});

describe("parseBoundedJson", () => {
  it("counts nesting outside strings only", () => {
    expect(nestedDeeperThan('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]', 2)).toBe(false);
    expect(nestedDeeperThan('["\\"", [[ ]]]', 2)).toBe(true);
  });

  it("refuses a megabyte of nested brackets at once, without parsing it", () => {
    const hostile = "[".repeat(500_000) + "]".repeat(500_000);
    expect(() => parseBoundedJson(hostile)).toThrow(JsonTooDeepError);
  });

  it("parses what JSON.parse parses, within the bound", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "small" }), (text) => {
        expect(parseBoundedJson(text)).toStrictEqual(JSON.parse(text));
      }),
    );
    expect(() => parseBoundedJson("{nope")).toThrow(JsonSyntaxError);
  });
});
