// The payment log API as the console calls it. The credentials live in this module's memory
// only: a reload or "sign out" forgets them, and nothing is written to the browser's storage.

const LOG = "../api/audit/payment-log";

/** An answer the console must show rather than swallow: what failed and, if the API said, why. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
  }
}

let authorization = null;

export function signIn(user, password) {
  // UTF-8, so that a password with non-ASCII characters survives btoa.
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  authorization = "Basic " + btoa(String.fromCharCode(...bytes));
}

export function signOut() {
  authorization = null;
}

export function verify() {
  return call(`${LOG}/verify`, "application/json").then((r) => r.json());
}

/** One page of entries; `params` carries the filters and page, size, asOf. */
export function search(params) {
  return call(`${LOG}?${params}`, "application/json").then((r) => r.json());
}

/** Money by gateway for the period in `params` (from, to), what is open now, 30 days' net. */
export function totals(params) {
  return call(`${LOG}/totals?${params}`, "application/json").then((r) => r.json());
}

/** Every entry of the filter as the API's CSV, bytes untouched (its byte-order mark included). */
export function csv(params) {
  return call(`${LOG}?${params}`, "text/csv").then((r) => r.blob());
}

async function call(url, accept) {
  let response;
  try {
    response = await fetch(url, {
      headers: { Accept: accept, Authorization: authorization ?? "" },
      // "omit" keeps the browser from answering a 401 with its own password dialog and from
      // sending credentials it remembered: only the header above ever authenticates.
      credentials: "omit",
      cache: "no-store",
    });
  } catch (unreachable) {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    throw new ApiError(response.status, await problemDetail(response));
  }
  return response;
}

async function problemDetail(response) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.includes("json")) {
    return null;
  }
  try {
    const problem = await response.json();
    return problem.detail || problem.title || null;
  } catch (notJson) {
    return null;
  }
}
