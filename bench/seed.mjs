// Bulk synthetic content for the benchmarks, written straight into the database with SQL
// (the embedded PostgreSQL or an external one): thousands of memories, photos rows reusing a few stored
// images, tags, and questionnaire submissions with realistic text lengths.

const sentences = [
  "We drove to the coast with the windows down and Grandpa singing the whole way.",
  "The kitchen smelled of cardamom and burnt sugar, and nobody minded the mess.",
  "Aunt Rosa told the story of the flood again, and it was longer every year.",
  "The old photographs were kept in a biscuit tin under the stairs.",
  "We planted the apple tree the spring the twins were born.",
];

const quote = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * @param {{ exec(sql: string): Promise<unknown> }} db
 * @param {{ familyId: string, memberIds: string[], memories: number, photoShare: number, photoKeys: {display: string, thumbnail: string, original: string}[], submissions: number, questionnaires: {id: string, questionIds: string[]}[] }} plan
 */
export async function seedSyntheticFamily(db, plan) {
  const members = `ARRAY[${plan.memberIds.map((id) => `${quote(id)}::uuid`).join(",")}]`;
  const paragraphs = `ARRAY[${sentences.map(quote).join(",")}]`;
  await db.exec(`
    CREATE TEMP TABLE bench_memories AS
      SELECT gen_random_uuid() AS id, i,
             (${members})[1 + (i % ${plan.memberIds.length})] AS user_id
        FROM generate_series(1, ${plan.memories}) AS i;
    INSERT INTO memories (id, user_id, family_id, title, content, memory_date, is_shared, created_at, updated_at)
      SELECT id, user_id, ${quote(plan.familyId)}::uuid,
             'Memory number ' || i || ': ' || (${paragraphs})[1 + (i % 5)],
             repeat((${paragraphs})[1 + (i % 5)] || ' ' || (${paragraphs})[1 + ((i + 2) % 5)] || E'\\n\\n', 2 + (i % 5)),
             date '1950-01-01' + (i * 7 % 27000),
             (i % 2 = 0), now() - (i || ' minutes')::interval, now()
        FROM bench_memories;
    INSERT INTO memory_tags (id, memory_id, tagged_user_id, created_at)
      SELECT gen_random_uuid(), id, (${members})[1 + ((i + 1) % ${plan.memberIds.length})], now()
        FROM bench_memories WHERE i % 3 = 0;
  `);
  if (plan.photoKeys.length > 0) {
    const keys = (field) => `ARRAY[${plan.photoKeys.map((key) => quote(key[field])).join(",")}]`;
    await db.exec(`
      INSERT INTO memory_photos (id, memory_id, order_number, original_key, display_key, thumbnail_key, content_type, width, height, byte_size, created_at)
        SELECT gen_random_uuid(), id, 0,
               (${keys("original")})[1 + (i % ${plan.photoKeys.length})],
               (${keys("display")})[1 + (i % ${plan.photoKeys.length})],
               (${keys("thumbnail")})[1 + (i % ${plan.photoKeys.length})],
               'image/jpeg', 1600, 1200, 250000, now()
          FROM bench_memories WHERE i % ${Math.round(1 / plan.photoShare)} = 0;
    `);
  }
  for (const [index, questionnaire] of plan.questionnaires.entries()) {
    const count = Math.ceil(plan.submissions / plan.questionnaires.length);
    await db.exec(`
      CREATE TEMP TABLE bench_submissions_${index} AS
        SELECT gen_random_uuid() AS id, i, (${members})[1 + (i % ${plan.memberIds.length})] AS user_id
          FROM generate_series(1, ${count}) AS i;
      INSERT INTO submissions (id, questionnaire_id, user_id, family_id, is_shared, created_at)
        SELECT id, ${quote(questionnaire.id)}::uuid, user_id, ${quote(plan.familyId)}::uuid, (i % 2 = 0), now() - (i || ' hours')::interval
          FROM bench_submissions_${index};
      INSERT INTO responses (id, submission_id, question_id, answer_text, is_shared, created_at)
        SELECT gen_random_uuid(), s.id, q.question_id, repeat((${paragraphs})[1 + (s.i % 5)] || ' ', 1 + (s.i % 4)), false, now()
          FROM bench_submissions_${index} s
          CROSS JOIN unnest(ARRAY[${questionnaire.questionIds.map((id) => `${quote(id)}::uuid`).join(",")}]) AS q(question_id);
    `);
  }
}
