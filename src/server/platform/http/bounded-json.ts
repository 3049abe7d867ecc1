import "server-only";

// JSON from outside is parsed with a bound on its nesting as well as its size
// (docs/decisions/007-bounded-requests.md). JSON.parse takes time that grows faster than the
// text with nesting: a 1 MB body of "[[[[…]]]]" held the whole server for up to a second, and
// 8 MB of it in an import's data.json for 13 s. So nesting is counted first, in one pass that
// costs no more than reading the text, and a text nested deeper than any document of ours is
// refused before it is parsed. A large document (an import's data.json, up to 32 MB) is parsed
// by parseJsonInTurns instead: the same result as JSON.parse, worked through in slices that
// give every other request its turn in between.

/** Deeper than any body or document Family Book takes (an export is 6 levels deep). */
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepError extends Error {
  override name = "JsonTooDeepError";
}

export class JsonSyntaxError extends Error {
  override name = "JsonSyntaxError";
}

export class JsonTooSlowError extends Error {
  override name = "JsonTooSlowError";
}

export class JsonTooManyValuesError extends Error {
  override name = "JsonTooManyValuesError";
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the text opens more than maxDepth arrays and objects inside one another. Brackets in
 * strings do not count; the text need not be valid JSON (a broken one is refused by the parser).
 */
export function nestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/** JSON.parse, once the nesting is known to be within maxDepth. For bodies of at most a few MB. */
export function parseBoundedJson(text: string, { maxDepth = MAX_JSON_DEPTH }: { maxDepth?: number } = {}): unknown {
  if (nestedDeeperThan(text, maxDepth)) throw new JsonTooDeepError(`The JSON is nested more than ${maxDepth} levels deep.`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new JsonSyntaxError((error as Error).message);
  }
}

type Frame = { container: unknown[] | Record<string, unknown>; key: string | null };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Characters JSON does not allow unescaped inside a string.
const RAW_CONTROL = /[\u0000-\u001f]/;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses JSON as JSON.parse does, in slices of about charsPerSlice characters, letting the event
 * loop serve other requests between slices. Refuses nesting deeper than maxDepth
 * (JsonTooDeepError), invalid JSON (JsonSyntaxError), more than maxValues values in all (each
 * number, string, list or object counts one; JsonTooManyValuesError: what it builds in memory is
 * bounded too), and work still unfinished at the deadline (JsonTooSlowError, a time on
 * performance.now()'s clock, which no change of the wall clock moves).
 */
export async function parseJsonInTurns(
  text: string,
  {
    maxDepth = MAX_JSON_DEPTH,
    maxValues = Number.POSITIVE_INFINITY,
    charsPerSlice = 32 * 1024,
    deadline,
  }: { maxDepth?: number; maxValues?: number; charsPerSlice?: number; deadline?: number } = {},
): Promise<unknown> {
  let position = 0;
  let values = 0;
  let nextPause = charsPerSlice;
  const stack: Frame[] = [];
  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${position}.`);
  };
  const skipSpace = () => {
    for (;;) {
      const code = text.charCodeAt(position);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) position += 1;
      else return;
    }
  };
  const readString = (): string => {
    // position is on the opening quote.
    const start = position + 1;
    const end = text.indexOf('"', start);
    if (end === -1) fail("Unterminated string");
    const backslash = text.indexOf("\\", start);
    if (backslash === -1 || backslash > end) {
      const value = text.slice(start, end);
      if (RAW_CONTROL.test(value)) fail("Control character in string");
      position = end + 1;
      return value;
    }
    let value = "";
    let index = start;
    for (;;) {
      if (index >= text.length) {
        position = index;
        fail("Unterminated string");
      }
      const code = text.charCodeAt(index);
      if (code === QUOTE) break;
      if (code < 0x20) {
        position = index;
        fail("Control character in string");
      }
      if (code !== BACKSLASH) {
        // Take the run of plain characters up to the next quote or backslash at once.
        let runEnd = index + 1;
        while (runEnd < text.length) {
          const next = text.charCodeAt(runEnd);
          if (next === QUOTE || next === BACKSLASH || next < 0x20) break;
          runEnd += 1;
        }
        value += text.slice(index, runEnd);
        index = runEnd;
        continue;
      }
      const escape = text[index + 1];
      if (escape === "u") {
        const hex = text.slice(index + 2, index + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          position = index;
          fail("Bad unicode escape");
        }
        value += String.fromCharCode(Number.parseInt(hex, 16));
        index += 6;
      } else if (escape !== undefined && escape in ESCAPES) {
        value += ESCAPES[escape];
        index += 2;
      } else {
        position = index;
        fail("Bad escape");
      }
    }
    position = index + 1;
    return value;
  };
  const readLiteral = (word: string, value: unknown) => {
    if (text.startsWith(word, position)) {
      position += word.length;
      return value;
    }
    return fail("Unexpected token");
  };
  /** A scalar value, or a new container pushed onto the stack (then undefined is returned). */
  const openValue = (): { value: unknown } | null => {
    skipSpace();
    const code = text.charCodeAt(position);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (stack.length >= maxDepth) throw new JsonTooDeepError(`The JSON is nested more than ${maxDepth} levels deep.`);
      position += 1;
      stack.push({ container: code === OPEN_BRACE ? {} : [], key: null });
      return null;
    }
    if (code === QUOTE) return { value: readString() };
    if (code === 0x74) return { value: readLiteral("true", true) };
    if (code === 0x66) return { value: readLiteral("false", false) };
    if (code === 0x6e) return { value: readLiteral("null", null) };
    NUMBER.lastIndex = position;
    const number = NUMBER.exec(text);
    if (!number || number[0] === "" || number[0] === "-") return fail(position >= text.length ? "Unexpected end of JSON" : "Unexpected token");
    position += number[0].length;
    return { value: Number(number[0]) };
  };
  /** Reads the key of the object on top of the stack; position is past the quote's whitespace. */
  const readKey = (frame: Frame) => {
    skipSpace();
    if (text.charCodeAt(position) !== QUOTE) fail("Expected a property name");
    frame.key = readString();
    skipSpace();
    if (text.charCodeAt(position) !== 0x3a) fail("Expected ':'");
    position += 1;
  };
  const place = (frame: Frame, value: unknown) => {
    values += 1;
    if (values > maxValues) throw new JsonTooManyValuesError(`The JSON holds more than ${maxValues} values.`);
    if (Array.isArray(frame.container)) frame.container.push(value);
    // "__proto__" is an ordinary key to JSON.parse; plain assignment would set the prototype.
    else if (frame.key === "__proto__") Object.defineProperty(frame.container, "__proto__", { value, enumerable: true, writable: true, configurable: true });
    else frame.container[frame.key!] = value;
  };

  let result: { value: unknown } | null = openValue();
  // After a container opens: its first member, or its end at once.
  let justOpened = result === null;
  while (stack.length > 0) {
    if (position >= nextPause) {
      await nextTurn();
      if (deadline !== undefined && performance.now() > deadline) throw new JsonTooSlowError("The JSON took too long to read.");
      nextPause = position + charsPerSlice;
    }
    const frame = stack[stack.length - 1]!;
    const isArray = Array.isArray(frame.container);
    skipSpace();
    const code = text.charCodeAt(position);
    if (justOpened) {
      justOpened = false;
      if (code === (isArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
        position += 1;
        result = { value: stack.pop()!.container };
      } else {
        if (!isArray) readKey(frame);
        result = openValue();
        if (result === null) {
          justOpened = true;
          continue;
        }
      }
    } else if (code === 0x2c) {
      position += 1;
      if (!isArray) readKey(frame);
      result = openValue();
      if (result === null) {
        justOpened = true;
        continue;
      }
    } else if (code === (isArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
      position += 1;
      result = { value: stack.pop()!.container };
    } else {
      fail(position >= text.length ? "Unexpected end of JSON" : "Expected ',' or the end of a list");
    }
    // A finished value goes into its parent, or is the document itself.
    const parent = stack[stack.length - 1];
    if (parent && result) {
      place(parent, result.value);
      result = null;
    }
  }
  skipSpace();
  if (position !== text.length) fail("Unexpected text after the JSON");
  return result!.value;
}
