// One call to the app's API as the benchmarks make it: JSON or a form, a bearer token when given,
// and the envelope's `data`; an answer that is not a success stops the benchmark with its error.

/**
 * @param {string} base the app's address
 * @param {string} pathname
 * @param {{ token?: string, json?: unknown, form?: FormData, method?: string }} [options]
 */
export async function api(base, pathname, { token, json, form, method } = {}) {
  /** @type {Record<string, string>} */
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (json) headers["content-type"] = "application/json";
  const response = await fetch(`${base}${pathname}`, { method: method ?? (json || form ? "POST" : "GET"), headers, body: json ? JSON.stringify(json) : form });
  const body = await response.json();
  if (!body.success) throw new Error(`${pathname}: ${response.status} ${body.error}`);
  return body.data;
}
