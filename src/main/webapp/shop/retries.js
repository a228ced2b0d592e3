// The client's half of idempotency, for a browser: one key per operation, made once and sent on
// every try, and retries only where the same request may still succeed. The rules are the Java
// client's (io.ichido.client.RetryPolicy), so that both halves behave alike.

/** 8 tries within a minute, waits bounded by 0.5 s doubling to 10 s (full jitter). */
export const POLICY = Object.freeze({
  maxAttempts: 8,
  deadlineMs: 60_000,
  initialBackoffMs: 500,
  maxBackoffMs: 10_000,
});

const TRY_AGAIN = new Set([429, 500, 502, 503, 504]);
const CONFLICTS_THAT_PASS = new Set(["idempotency-key-in-use", "payment-in-doubt"]);

/** A random UUIDv4 (getRandomValues works outside secure contexts too, randomUUID does not). */
export function newKey() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key as the Idempotency-Key field carries it: a Structured Field String (RFC 8941), quoted,
 * with quote and backslash escaped, as the IETF idempotency-key draft writes the field.
 */
export function keyHeader(key) {
  return '"' + key.replace(/[\\"]/g, "\\$&") + '"';
}

/**
 * What one try gave: `answer` is a parsed answer ({status, type, body, retryAfterMs, replayed}),
 * or null when no answer came back at all (offline, reset, the answer lost on the way).
 */
export function retryable(answer) {
  if (answer === null) {
    return true;
  }
  return TRY_AGAIN.has(answer.status) || (answer.status === 409 && CONFLICTS_THAT_PASS.has(answer.type));
}

/** The wait before try `nextAttempt` (2 for the first retry): full jitter, at least Retry-After. */
export function backoffMs(nextAttempt, answer, policy = POLICY, random = Math.random) {
  let bound = policy.initialBackoffMs;
  for (let i = 2; i < nextAttempt && bound < policy.maxBackoffMs; i++) {
    bound *= 2;
  }
  bound = Math.min(bound, policy.maxBackoffMs);
  const jittered = Math.floor(random() * (bound + 1));
  return Math.max(jittered, answer?.retryAfterMs ?? 0);
}

/**
 * Sends `request()` (a function making a fresh fetch each time, with the same key and body) until
 * it gets a final answer, the tries run out or the deadline passes. Resolves with the last answer
 * (null if none ever came) and whether it was final; never rejects for network failures.
 * `onWait({attempt, waitMs, answer})` is told before each wait, so the page can say "retrying".
 */
export async function sendWithRetries(request, { policy = POLICY, onWait = () => {} } = {}) {
  const started = Date.now();
  let answer = null;
  for (let attempt = 1; ; attempt++) {
    answer = await tryOnce(request);
    if (!retryable(answer)) {
      return { answer, final: true, attempts: attempt };
    }
    const waitMs = backoffMs(attempt + 1, answer, policy);
    if (attempt >= policy.maxAttempts || Date.now() - started + waitMs > policy.deadlineMs) {
      return { answer, final: false, attempts: attempt };
    }
    onWait({ attempt, waitMs, answer });
    await pause(waitMs);
    await online();
  }
}

async function tryOnce(request) {
  let response;
  try {
    response = await request();
  } catch (noAnswer) {
    return null; // fetch rejects only when no HTTP answer arrived
  }
  let body = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch (unreadable) {
    // The connection broke while the body arrived: as good as no answer, the key tells later.
    if (!response.ok) {
      body = null;
    } else {
      return null;
    }
  }
  return {
    status: response.status,
    body,
    type: problemType(body),
    retryAfterMs: retryAfterMs(response.headers.get("Retry-After")),
    replayed: response.headers.get("Idempotency-Replayed") === "true",
  };
}

/** The last segment of a problem's `type` URI, or "". */
export function problemType(body) {
  const type = body && typeof body.type === "string" ? body.type : "";
  return type.slice(type.lastIndexOf("/") + 1);
}

/** Retry-After in delta-seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value, now = Date.now()) {
  if (!value) {
    return null;
  }
  if (/^\d+$/.test(value.trim())) {
    return Number(value.trim()) * 1000;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves at once when the browser believes it is online, else when it comes back. */
function online() {
  if (navigator.onLine) {
    return Promise.resolve();
  }
  return new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
}
