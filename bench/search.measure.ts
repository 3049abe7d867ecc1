import { writeFileSync } from "node:fs";
import { it } from "vitest";

// Search on a family of 10,000 memories (docs/decisions/020-search.md): half of them shared,
// written by 20 members, a quarter with a tagged relative, 60 words each from a vocabulary of
// 3,000 words of which a few are common and most are rare (as in real stories), plus 2,000
// answers; beside them another family of 5,000 memories that the viewer must never see. Each
// query below runs 50 times after one unmeasured round, in process through the same function the
// API calls (search(): the statement, the highlighting and the mapping to results); the p95 over
// every run is reported by bench/run.mjs, on the database BENCH_DATABASE_URL names.

const RUNS = 50;
const QUERIES: { name: string; q: string; kind?: "memories" | "answers"; member?: true; year?: number }[] = [
  { name: "common word", q: "family" },
  { name: "rare word", q: "word2917" },
  { name: "name without its accent", q: "Jurgen" },
  { name: "phrase", q: '"summer lake"' },
  { name: "either word", q: "garden or kitchen" },
  { name: "leaving a word out", q: "summer -lake" },
  { name: "two words, memories only", q: "winter wedding", kind: "memories" },
  { name: "common word, one member, one year", q: "family", member: true, year: 1952 },
  { name: "answers only", q: "remember", kind: "answers" },
];

const COMMON = [
  "family",
  "summer",
  "lake",
  "garden",
  "kitchen",
  "winter",
  "wedding",
  "remember",
  "grandma",
  "school",
  "house",
  "holiday",
  "dinner",
  "church",
  "music",
  "letter",
  "train",
  "river",
  "village",
  "birthday",
];

it("measures search on a family of 10,000 memories", { timeout: 900_000 }, async () => {
  if (!process.env.BENCH_DATABASE_URL) throw new Error("BENCH_DATABASE_URL names the database to measure on (npm run bench gives it).");
  process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
  const { getDatabase, closeDatabase } = await import("@/server/platform/db/client");
  const { search, searchStatement } = await import("@/server/book/search/search");
  const { searchQuerySchema } = await import("@/lib/schemas/search");
  const database = await getDatabase();
  const sql = (text: string, values: unknown[] = []) => database.execute(text, values);

  const seedStarted = performance.now();
  // A vocabulary: the common words first, then rare ones; a word is drawn with a skew towards the front.
  const vocabulary = [...COMMON, ...Array.from({ length: 3000 - COMMON.length }, (_, index) => `word${index + COMMON.length}`)];
  async function seedFamily(size: number, label: string) {
    const family = (await sql("INSERT INTO families (id, name) VALUES (gen_random_uuid(), $1) RETURNING id", [label])).rows[0]!.id as string;
    const names = ["Jürgen", "Margaret", "Tom", "Ruth", "Olga", "Ana", "Søren", "Chloé", "Ahmed", "Mei"];
    const members: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const email = `${label}.${index}@bench.test`;
      const inserted = await sql(
        "INSERT INTO users (id, email, email_normalized, first_name, last_name, family_id) VALUES (gen_random_uuid(), $1, $1, $2, $3, $4) RETURNING id",
        [email, names[index % names.length], `${label}son`, family],
      );
      members.push(inserted.rows[0]!.id as string);
    }
    // Memories in batches, each row its own title and story drawn in SQL.
    for (let start = 0; start < size; start += 1000) {
      await sql(
        `INSERT INTO memories (id, user_id, family_id, title, content, memory_date, is_shared)
         SELECT gen_random_uuid(), ($1::uuid[])[1 + (i % 20)], $2::uuid,
                (SELECT string_agg(($3::text[])[1 + floor(power(random(), 3) * array_length($3::text[], 1))::int], ' ') FROM generate_series(1, 4 + (i % 3))),
                (SELECT string_agg(($3::text[])[1 + floor(power(random(), 3) * array_length($3::text[], 1))::int], ' ') FROM generate_series(1, 60 + (i % 2))),
                make_date(1950 + (i % 70), 1 + (i % 12), 1 + (i % 28)), i % 2 = 0
           FROM generate_series($4::int, $5::int) AS i`,
        [members, family, vocabulary, start, Math.min(start + 999, size - 1)],
      );
    }
    await sql(
      `INSERT INTO memory_tags (id, memory_id, tagged_user_id)
       SELECT gen_random_uuid(), m.id, ($1::uuid[])[1 + (abs(hashtext(m.id::text)) % 20)]
         FROM memories m WHERE m.family_id = $2::uuid AND abs(hashtext(m.id::text)) % 4 = 0`,
      [members, family],
    );
    return { family, members };
  }
  const viewerFamily = await seedFamily(10_000, "searchers");
  await seedFamily(5_000, "neighbours");

  // 2,000 answers in the viewer's family, to the library's questions, half shared.
  const questions = (await sql("SELECT id, questionnaire_id FROM questions ORDER BY id LIMIT 40")).rows as { id: string; questionnaire_id: string }[];
  for (let index = 0; index < 2000; index += 1) {
    const question = questions[index % questions.length]!;
    const author = viewerFamily.members[index % 20]!;
    const submission = (
      await sql("INSERT INTO submissions (id, questionnaire_id, user_id, family_id, is_shared) VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id", [
        question.questionnaire_id,
        author,
        viewerFamily.family,
        index % 2 === 0,
      ])
    ).rows[0]!.id as string;
    const words = Array.from(
      { length: 30 },
      (_, word) => vocabulary[Math.floor((((index * 7919 + word * 104729) % 1000) ** 3 / 1e9) * vocabulary.length)],
    ).join(" ");
    await sql("INSERT INTO responses (id, submission_id, question_id, answer_text, is_shared) VALUES (gen_random_uuid(), $1, $2, $3, $4)", [
      submission,
      question.id,
      `I remember ${words}`,
      index % 2 === 0,
    ]);
  }
  await sql("ANALYZE");
  const seedMs = performance.now() - seedStarted;

  const viewer = { id: viewerFamily.members[0]!, family_id: viewerFamily.family } as Parameters<typeof search>[0]["viewer"];
  const perQuery: Record<string, { p50Ms: number; p95Ms: number; results: number }> = {};
  const all: number[] = [];
  for (const entry of QUERIES) {
    const query = searchQuerySchema.parse({ q: entry.q, kind: entry.kind, member: entry.member ? viewerFamily.members[2] : undefined, year: entry.year });
    const first = await search({ viewer, query });
    if (process.env.BENCH_SEARCH_EXPLAIN) {
      const statement = searchStatement({ viewer, query });
      const plan = await database.execute(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      console.log(`${entry.name}:\n${plan.rows.map((row) => Object.values(row)[0]).join("\n")}`);
    }
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await search({ viewer, query });
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    all.push(...timings);
    perQuery[entry.name] = { p50Ms: round(percentile(timings, 0.5)), p95Ms: round(percentile(timings, 0.95)), results: first.results.length };
  }
  all.sort((a, b) => a - b);
  const figures = {
    backend: process.env.BENCH_BACKEND ?? "postgresql",
    memories: 10_000,
    otherFamilyMemories: 5_000,
    answers: 2_000,
    runsPerQuery: RUNS,
    seedSeconds: round(seedMs / 1000),
    p50Ms: round(percentile(all, 0.5)),
    p95Ms: round(percentile(all, 0.95)),
    maxMs: round(all.at(-1)!),
    perQuery,
  };
  console.log(JSON.stringify(figures, null, 2));
  writeFileSync(process.env.BENCH_SEARCH_OUTPUT ?? "bench/results/search.json", JSON.stringify(figures));
  await closeDatabase();
});

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const round = (value: number) => Math.round(value * 10) / 10;
