// What `npm run jobs` reports (docs/decisions/012-jobs.md): the dead letters (jobs that failed every
// attempt, kept 30 days in the dead-letters queue) and the latest failed attempts, read from
// pg-boss's job table with plain SQL, so that it works on PostgreSQL and on the embedded database
// alike through whatever `query(text, values)` the caller has.

const SCHEMA = "pgboss";
const DEAD_LETTER_QUEUE = "dead-letters";

/** The error a failed attempt left: pg-boss keeps a thrown error as it was, and a timeout as { value: { message } }. */
function errorOf(output) {
  if (!output || typeof output !== "object") return "";
  const message = output.message ?? output.value?.message ?? JSON.stringify(output);
  return output.name && output.name !== "Error" ? `${output.name}: ${message}` : String(message);
}

/**
 * Reads the report. `query(text, values)` resolves to { rows }. Resolves to { installed: false }
 * on a database where no job has ever been sent.
 */
export async function readJobProblems(query, { limit = 20 } = {}) {
  const { rows: tables } = await query("SELECT to_regclass($1) IS NOT NULL AS installed", [`${SCHEMA}.job`]);
  if (!tables[0]?.installed) return { installed: false, deadLetters: [], failures: [] };
  const { rows: deadLetters } = await query(
    `SELECT id, source_name, source_id, source_created_on, source_retry_count, source_output, data, created_on
       FROM ${SCHEMA}.job
      WHERE name = $1
      ORDER BY created_on DESC
      LIMIT $2`,
    [DEAD_LETTER_QUEUE, limit],
  );
  const { rows: failures } = await query(
    `SELECT id, name, state, retry_count, retry_limit, output, COALESCE(completed_on, started_on, created_on) AS failed_on, start_after
       FROM ${SCHEMA}.job
      WHERE state IN ('retry', 'failed') AND name <> $1
      ORDER BY COALESCE(completed_on, started_on, created_on) DESC
      LIMIT $2`,
    [DEAD_LETTER_QUEUE, limit],
  );
  return {
    installed: true,
    deadLetters: deadLetters.map((row) => ({
      id: row.source_id ?? row.id,
      queue: row.source_name ?? "(unknown)",
      sentAt: new Date(row.source_created_on ?? row.created_on),
      deadAt: new Date(row.created_on),
      attempts: Number(row.source_retry_count ?? 0) + 1,
      error: errorOf(row.source_output),
      data: row.data,
    })),
    failures: failures.map((row) => ({
      id: row.id,
      queue: row.name,
      state: row.state,
      attempt: Number(row.retry_count) + 1,
      attempts: Number(row.retry_limit) + 1,
      failedAt: new Date(row.failed_on),
      nextAttemptAt: row.state === "retry" ? new Date(row.start_after) : null,
      error: errorOf(row.output),
    })),
  };
}

const when = (date) => date.toISOString().replace("T", " ").slice(0, 19) + " UTC";

/** The report as text for a terminal. */
export function formatJobProblems(report) {
  if (!report.installed) return "No background job has run on this database yet: nothing has failed.";
  const lines = [];
  lines.push(report.deadLetters.length === 0 ? "Dead letters: none." : `Dead letters (jobs that failed every attempt; newest first, kept 30 days):`);
  for (const letter of report.deadLetters) {
    lines.push(`  ${when(letter.deadAt)}  ${letter.queue}  job ${letter.id}  after ${letter.attempts} attempt${letter.attempts === 1 ? "" : "s"}`);
    lines.push(`      error: ${letter.error || "(none recorded)"}`);
    if (letter.data !== null && letter.data !== undefined) lines.push(`      data: ${JSON.stringify(letter.data)}`);
  }
  lines.push("");
  lines.push(report.failures.length === 0 ? "Recent failed attempts: none." : "Recent failed attempts (newest first):");
  for (const failure of report.failures) {
    const next = failure.nextAttemptAt ? `tried again from ${when(failure.nextAttemptAt)}` : "no attempts left";
    lines.push(`  ${when(failure.failedAt)}  ${failure.queue}  job ${failure.id}  attempt ${failure.attempt} of ${failure.attempts}, ${next}`);
    lines.push(`      error: ${failure.error || "(none recorded)"}`);
  }
  return lines.join("\n");
}
