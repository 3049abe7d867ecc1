// The expectations of a scenario script (the fault test, the scale test): each printed as it is
// checked, all of them again at the end, and one verdict line.

const line = (result, prefix = "") => `  ${result.passed ? "ok  " : "FAIL"}  ${prefix}${result.name}${result.detail ? ` (${result.detail})` : ""}`;

export function createChecklist() {
  const results = [];
  return {
    results,
    /** The expectations of one section: `check(name, passed, detail)`; `check.anyFailed()`. */
    section(section) {
      const check = (name, passed, detail = "") => {
        const result = { section, name, passed: Boolean(passed), detail };
        results.push(result);
        console.log(line(result));
      };
      check.anyFailed = () => results.some((result) => result.section === section && !result.passed);
      return check;
    },
    /**
     * Prints every expectation again under `title`, then the verdict; returns whether all held and
     * nothing stopped the run (`crashed`, an error).
     * @param {string} title
     * @param {{ crashed?: Error | null, elapsedMs?: number }} [outcome]
     */
    report(title, { crashed = null, elapsedMs } = {}) {
      const failed = results.filter((result) => !result.passed);
      console.log(`\n== ${title} report${elapsedMs === undefined ? "" : ` (${(elapsedMs / 1000).toFixed(2)} s)`} ==`);
      for (const result of results) console.log(line(result, `[${result.section}] `));
      if (crashed && failed.length === 0) console.log(`  FAIL  ${crashed.message}`);
      const passed = failed.length === 0 && !crashed;
      console.log(
        passed
          ? `\n${title}: passed (${results.length} checks).`
          : `\n${title}: FAILED (${failed.length} of ${results.length} checks${crashed ? `, and: ${crashed.message}` : ""}).`,
      );
      return passed;
    },
  };
}
