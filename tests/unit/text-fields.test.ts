import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginSchema, registerSchema } from "@/lib/schemas/auth";
import { bookOptionsSchema } from "@/lib/schemas/family-book";
import { familyBookFeedSchema } from "@/lib/schemas/family-book-feed";
import { createMemorySchema, memoryFormSchema, photoUploadRequestSchema, updateMemorySchema } from "@/lib/schemas/memories";
import { pageSchema } from "@/lib/schemas/paging";
import { answerFormSchema, createQuestionnaireSchema, saveResponsesSchema } from "@/lib/schemas/questionnaires";
import { controlCharacters, notOneLine, plainTextProblem } from "@/lib/schemas/text";

// Every text field of every shared schema refuses control characters (other than line breaks
// and tabs in stories, answers and descriptions) and broken UTF-16, with a message on that field:
// PostgreSQL cannot store NUL, and nothing a person typed contains the others.

type Path = (string | number)[];

const ID = "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55";

/** Each schema with a payload that covers every field it has (a test below holds it to that). */
const schemas: { name: string; schema: z.ZodType; sample: unknown; multiLine: Path[]; exempt?: Path[] }[] = [
  {
    name: "registerSchema",
    schema: registerSchema,
    sample: { first_name: "Rosa", last_name: "Parks", email: "rosa@example.test", password: "a long enough secret", family_id: ID },
    multiLine: [],
  },
  {
    name: "loginSchema",
    schema: loginSchema,
    sample: { email: "rosa@example.test", password: "a long enough secret" },
    multiLine: [],
    // Never stored, only compared with a hash: an account registered before the rule keeps
    // signing in with whatever password it has.
    exempt: [["password"]],
  },
  {
    name: "memoryFormSchema",
    schema: memoryFormSchema,
    sample: { title: "Picnic", memory_date: "2020-07-14", content: "We went to the lake.", is_shared: true, taggedUserIds: [ID] },
    multiLine: [["content"]],
  },
  {
    name: "createMemorySchema",
    schema: createMemorySchema,
    sample: { title: "Picnic", memory_date: "2020-07-14", content: "We went to the lake.", is_shared: "true", taggedUserIds: [ID] },
    multiLine: [["content"]],
  },
  {
    name: "updateMemorySchema",
    schema: updateMemorySchema,
    sample: {
      title: "Picnic",
      memory_date: "2020-07-14",
      content: "Lake.",
      is_shared: "false",
      taggedUserIds: [ID],
      photoIdsToDelete: [ID],
      tagIdsToDelete: [ID],
    },
    multiLine: [["content"]],
  },
  {
    name: "photoUploadRequestSchema",
    schema: photoUploadRequestSchema,
    sample: { file_name: "garden.jpg", content_type: "image/jpeg", size: 1000 },
    multiLine: [],
  },
  {
    name: "saveResponsesSchema",
    schema: saveResponsesSchema,
    sample: { responses: [{ question_id: ID, answer_text: "In a small village by the sea." }] },
    multiLine: [["responses", 0, "answer_text"]],
  },
  {
    name: "answerFormSchema",
    schema: answerFormSchema([{ is_required: true }]),
    sample: { answers: ["In a small village by the sea."] },
    multiLine: [["answers", 0]],
  },
  {
    name: "createQuestionnaireSchema",
    schema: createQuestionnaireSchema,
    sample: {
      title: "Childhood",
      description: "Questions about growing up.",
      audience: "SPECIFIC_FAMILY_MEMBERS",
      questions: [{ question_text: "Where did you grow up?", description: "The town.", input_type: "textarea", is_required: true, tempId: "q1" }],
      targetUserIds: [ID],
      allow_multiple_responses: false,
    },
    multiLine: [["description"], ["questions", 0, "description"]],
  },
  { name: "pageSchema", schema: pageSchema, sample: { limit: "10", cursor: ID }, multiLine: [] },
  {
    name: "familyBookFeedSchema",
    schema: familyBookFeedSchema,
    sample: { limit: "10", cursor: ID, member: ID },
    multiLine: [],
    // Only a relative's id filters; anything else shows the whole family, as the page does.
    exempt: [["member"]],
  },
  {
    name: "bookOptionsSchema",
    schema: bookOptionsSchema,
    sample: { member: ID, from: "2020-01-01", to: "2021-01-01", size: "A4", chapters: "year", cover: ID },
    multiLine: [],
  },
];

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of every string the schema reads (the first element of each list). */
function stringPaths(schema: z.ZodType, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return [path];
    case "object":
      return Object.entries(def.shape!).flatMap(([key, field]) => stringPaths(field, [...path, key]));
    case "array":
      return stringPaths(def.element!, [...path, 0]);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return stringPaths(def.innerType!, path);
    case "pipe":
      return [...stringPaths(def.in!, path), ...stringPaths(def.out!, path)].filter(
        (candidate, index, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(candidate)) === index,
      );
    default:
      return [];
  }
}

function withValue(sample: unknown, path: Path, value: string): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path.at(-1)!] = value;
  return copy;
}

function valueAt(sample: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown> | undefined)?.[key], sample);
}

async function issuesAt(schema: z.ZodType, input: unknown, path: Path) {
  const result = await schema.safeParseAsync(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => JSON.stringify(issue.path) === JSON.stringify(path)).map((issue) => issue.message);
}

const samePath = (a: Path) => (b: Path) => JSON.stringify(a) === JSON.stringify(b);

/** Characters no field takes: NUL, other C0 controls, DEL, C1 controls, lone surrogates. */
const forbidden = fc
  .oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** The embeddings, overrides and isolates that make one line read in another order than it is stored. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/** Text a person could type: any Unicode (emoji included) without control characters. */
const typedText = (lines: "single-line" | "multi-line") =>
  fc.string({
    unit: fc.oneof(
      fc
        .string({ unit: "grapheme", minLength: 1, maxLength: 1 })
        .filter((grapheme) => !/\p{Cc}/u.test(grapheme) && (lines === "multi-line" || !BIDI_CONTROLS.test(grapheme))),
      fc.constantFrom(...(lines === "multi-line" ? ["\t", "\n", "\r\n", " "] : ["\t", " "])),
    ),
    maxLength: 40,
  });

describe("the text rule", () => {
  it("refuses NUL, the other control characters and lone surrogates in any text, with the field's name", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        forbidden,
        fc.string({ maxLength: 20 }),
        fc.constantFrom("single-line", "multi-line"),
        (before, bad, after, lines) => {
          const problem = plainTextProblem(`${before}${bad}${after}`, "Title", lines as "single-line");
          expect([controlCharacters("Title"), notOneLine("Title")]).toContain(problem);
        },
      ),
      { numRuns: 2000 },
    );
    expect(plainTextProblem("a\u0000b", "Title")).toBe("Title contains a hidden control character or a broken character. Please remove it and try again.");
  });

  it("refuses a bidirectional override or isolate in a one-line field, and keeps the marks right-to-left writing uses", () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(plainTextProblem(`invoice${String.fromCharCode(code)}gpj.exe`, "Title")).toBe(controlCharacters("Title"));
    }
    expect(plainTextProblem("שלום \u200f(סבתא)\u200e Grandma", "Title")).toBeNull();
    expect(plainTextProblem("A story\u202e told backwards", "Story", "multi-line")).toBeNull();
  });

  it("accepts whatever a person types: accents, emoji, tabs; line breaks only where lines are allowed", () => {
    fc.assert(
      fc.property(typedText("multi-line"), (text) => {
        expect(plainTextProblem(text, "Story", "multi-line")).toBeNull();
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(typedText("single-line"), (text) => {
        expect(plainTextProblem(text, "Title")).toBeNull();
      }),
      { numRuns: 1000 },
    );
    expect(plainTextProblem("Grand-mère 👵🏽 à Zürich\tété", "Title")).toBeNull();
    expect(plainTextProblem("one\ntwo", "Title")).toBe("Title must be on a single line.");
    expect(plainTextProblem("one\rtwo", "Title")).toBe("Title must be on a single line.");
    expect(plainTextProblem("one\r\ntwo\tthree", "Story", "multi-line")).toBeNull();
  });
});

describe.each(schemas)("$name", ({ schema, sample, multiLine, exempt = [] }) => {
  const paths = stringPaths(schema).filter((path) => !exempt.some(samePath(path)));

  it("has a sample that parses and names every text field, so no field escapes the tests below", async () => {
    expect(paths.length).toBeGreaterThan(0);
    const parsed = await schema.safeParseAsync(sample);
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const path of paths) expect(typeof valueAt(sample, path), path.join(".")).toBe("string");
  });

  it("refuses a control character or a lone surrogate anywhere in any text field, with a message on that field", async () => {
    for (const path of paths) {
      await fc.assert(
        fc.asyncProperty(fc.nat(), forbidden, (at, bad) => {
          // Inside the text, where trimming cannot take it away.
          const original = valueAt(sample, path) as string;
          const cut = 1 + (at % (original.length - 1));
          return issuesAt(schema, withValue(sample, path, `${original.slice(0, cut)}${bad}${original.slice(cut)}`), path).then((messages) => {
            expect(messages.length, `${path.join(".")} took ${JSON.stringify(bad)}`).toBeGreaterThan(0);
          });
        }),
        { numRuns: 60 },
      );
    }
  });

  it("never throws on random text in any field, only answers with issues", async () => {
    for (const path of paths) {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: "binary", maxLength: 60 }), async (text) => {
          const result = await schema.safeParseAsync(withValue(sample, path, text));
          expect(typeof result.success).toBe("boolean");
        }),
        { numRuns: 40 },
      );
    }
  });

  it("keeps line breaks in stories, answers and descriptions, and refuses them in one-line fields", async () => {
    for (const path of paths) {
      const original = valueAt(sample, path) as string;
      const messages = await issuesAt(schema, withValue(sample, path, `${original}\nmore`), path);
      if (multiLine.some(samePath(path))) expect(messages, path.join(".")).toEqual([]);
      else expect(messages.length, path.join(".")).toBeGreaterThan(0);
    }
  });
});

describe("the messages people see", () => {
  it.each([
    [
      registerSchema,
      { first_name: "Ro\u0000sa" },
      ["first_name"],
      "First name contains a hidden control character or a broken character. Please remove it and try again.",
    ],
    [createMemorySchema, { title: "Pic\nnic" }, ["title"], "Title must be on a single line."],
    [
      createMemorySchema,
      { content: "We went\u0000 to the lake." },
      ["content"],
      "Memory content contains a hidden control character or a broken character. Please remove it and try again.",
    ],
    [
      photoUploadRequestSchema,
      { file_name: "garden\u0000.jpg" },
      ["file_name"],
      "The file name contains a hidden control character or a broken character. Please remove it and try again.",
    ],
    [
      createQuestionnaireSchema,
      { title: "Child\uD800hood" },
      ["title"],
      "Title contains a hidden control character or a broken character. Please remove it and try again.",
    ],
  ] as const)("%#: names the field", async (schema, change, path, message) => {
    const sample = schemas.find((entry) => entry.schema === schema)!.sample as Record<string, unknown>;
    expect(await issuesAt(schema, { ...sample, ...change }, [...path])).toEqual([message]);
  });
});
