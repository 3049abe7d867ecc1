// The load test's HTTP client: every request bounded in time, timed, and counted by endpoint and
// status; 5xx answers and requests that got no answer at all are kept for the verdict.

/**
 * { baseUrl, call, markLoadStart, stats, serverErrors, networkErrors } for the app at
 * `baseUrl`. `stats` maps an endpoint's name to { count, statuses: { status: n }, durations: [] }.
 */
export function createMeasuredClient({ baseUrl, timeoutMs }) {
  const stats = new Map();
  const serverErrors = [];
  const networkErrors = [];
  let loadStartedAt = 0;

  function record(endpoint, status, ms) {
    let entry = stats.get(endpoint);
    if (!entry) stats.set(endpoint, (entry = { count: 0, statuses: {}, durations: [] }));
    entry.count += 1;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    entry.durations.push(ms);
  }

  /**
   * One request through Node's fetch (undici; its global agent keeps connections alive), counted
   * under `endpoint`. Returns { status, body } or { status: "network" } when no answer came
   * (refused, reset, timed out).
   * @param {string} endpoint
   * @param {string} url
   * @param {{ method?: string, token?: string, json?: unknown, form?: FormData, body?: BodyInit, headers?: Record<string, string> }} [options]
   */
  async function call(endpoint, url, { method = "GET", token, json, form, body, headers = {} } = {}) {
    /** @type {Record<string, string>} */
    const requestHeaders = { ...headers };
    if (token) requestHeaders.Authorization = `Bearer ${token}`;
    let payload = body;
    if (json !== undefined) {
      requestHeaders["Content-Type"] = "application/json";
      payload = JSON.stringify(json);
    } else if (form) {
      payload = form;
    }
    const started = performance.now();
    // A ref'd timer aborts the request; a second one settles the call even if the abort is lost,
    // so that no virtual user can wait forever.
    const controller = new AbortController();
    const abortTimer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    let guardTimer;
    const guard = new Promise((_, reject) => {
      guardTimer = setTimeout(() => reject(new Error(`request still pending ${timeoutMs / 1000 + 5} s after it was sent`)), timeoutMs + 5000);
    });
    try {
      const exchange = async () => {
        const response = await fetch(new URL(url, baseUrl), { method, headers: requestHeaders, body: payload, signal: controller.signal });
        return { response, text: await response.text() };
      };
      const { response, text } = await Promise.race([exchange(), guard]);
      const ms = performance.now() - started;
      record(endpoint, response.status, ms);
      let parsed = null;
      if ((response.headers.get("content-type") ?? "").includes("json")) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      if (response.status >= 500) serverErrors.push(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, body: parsed };
    } catch (error) {
      record(endpoint, "network", performance.now() - started);
      const at = loadStartedAt ? ` (sent ${((started - loadStartedAt) / 1000).toFixed(1)} s into the load)` : "";
      const reason = controller.signal.aborted
        ? controller.signal.reason.message
        : `${error.name}: ${error.cause?.code ?? error.cause?.message ?? error.message}`;
      networkErrors.push(`${method} ${url} → ${reason}${at}`);
      return { status: "network", body: null };
    } finally {
      clearTimeout(abortTimer);
      clearTimeout(guardTimer);
    }
  }

  return {
    baseUrl,
    call,
    /** The time the load began, so that a network error says how far into the load it was sent. */
    markLoadStart() {
      loadStartedAt = performance.now();
    },
    stats,
    serverErrors,
    networkErrors,
  };
}

/** The app said yes: the expected status and a success envelope. */
export const acknowledged = (result, status) => result.status === status && result.body?.success === true;

/** No answer, or a 5xx: the write may or may not have happened. */
export const unanswered = (status) => status === "network" || status >= 500;
