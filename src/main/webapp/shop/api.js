// Who the page calls the API as: a demo shop's credentials, kept in this module's memory only.
// A reload forgets them (nothing secret is written to the browser's storage) and the page asks
// again; an unfinished checkout survives in sessionStorage and goes on after sign-in.

let header = "";

export function signIn(user, password) {
  // UTF-8, so that a password with non-ASCII characters survives btoa.
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  header = "Basic " + btoa(String.fromCharCode(...bytes));
}

export function signOut() {
  header = "";
}

export function authorization() {
  return header;
}

/** An answer the page must show: the status and, if the API said, why. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
  }
}

export function catalogue() {
  return get("../api/catalogue");
}

export function methods() {
  return get("../api/payments/methods");
}

async function get(url) {
  let response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", Authorization: header },
      // "omit": no browser password dialog on a 401, no remembered credentials sent.
      credentials: "omit",
      cache: "no-store",
    });
  } catch (unreachable) {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    throw new ApiError(response.status, problem?.detail || problem?.title || null);
  }
  return response.json();
}
