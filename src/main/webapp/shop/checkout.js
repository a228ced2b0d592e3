// One checkout: an order and the payment of it, carried through whatever the network does. Its
// keys are made once, when the customer presses Pay, and kept in sessionStorage with the exact
// bodies they were made for: a double click, a retry, a reload or the way back from a payment page
// sends the same key with the same body, so the server answers with what it already did.

import { newKey, sendWithRetries } from "./retries.js";
import { authorization } from "./api.js";

const STORED = "ichido.shop.checkout";

/** The checkout this tab has not finished, or null. */
export function unfinished() {
  const text = sessionStorage.getItem(STORED);
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch (damaged) {
    sessionStorage.removeItem(STORED);
    return null;
  }
}

/** Forgets the checkout: the next Pay starts a new order with new keys. */
export function forget() {
  sessionStorage.removeItem(STORED);
}

function save(checkout) {
  sessionStorage.setItem(STORED, JSON.stringify(checkout));
}

/**
 * Starts a checkout for `order` (the body of POST /api/orders) paid as `payment` says (gateway,
 * method and the method's details), unless one is already under way in this tab: then that one
 * goes on, with its own keys and bodies, and what was passed here is ignored.
 */
export function start(order, payment) {
  const existing = unfinished();
  if (existing) {
    return existing;
  }
  const checkout = {
    startedAt: new Date().toISOString(),
    order: { key: newKey(), body: order, id: null, view: null },
    choice: payment,
    payment: null,
    state: "ordering",
    problem: null,
  };
  save(checkout);
  return checkout;
}

/** Pays again after a decline, with another card or method: same order, a new payment key. */
export function choose(payment) {
  const checkout = unfinished();
  checkout.choice = payment;
  checkout.payment = null;
  checkout.state = "charging";
  checkout.problem = null;
  save(checkout);
  return checkout;
}

/**
 * Takes the checkout as far as it can go now, telling `report(checkout, note)` at every step.
 * Ends in "paid", "waiting" (the customer pays elsewhere, or authorizes), "declined", "failed"
 * (a final answer the customer cannot fix by retrying) or "unconfirmed" (no final answer within
 * the retry budget: the keys are kept, the next run goes on with them).
 */
export async function run(report) {
  let checkout = unfinished();
  const onWait = ({ waitMs, answer }) =>
    report(checkout, { retrying: true, waitMs, status: answer?.status ?? null });

  if (checkout.order.id === null) {
    checkout.state = "ordering";
    report(checkout, {});
    const sent = await sendWithRetries(
      () => post("../api/orders", checkout.order.key, checkout.order.body),
      { onWait }
    );
    if (!settled(checkout, sent, [200, 201])) {
      return finish(checkout, report);
    }
    checkout.order.id = sent.answer.body.id;
    checkout.order.view = sent.answer.body;
    save(checkout);
  }

  // Charged unless that already has an answer, or ended where only the customer can go on.
  const charged = checkout.payment !== null && checkout.payment.answer !== null;
  if (!charged && checkout.state !== "declined" && checkout.state !== "failed") {
    if (checkout.payment === null) {
      checkout.payment = { key: newKey(), body: chargeBody(checkout), answer: null };
      save(checkout);
    }
    checkout.state = "charging";
    report(checkout, {});
    const sent = await sendWithRetries(
      () => post("../api/payments/charge", checkout.payment.key, checkout.payment.body),
      { onWait }
    );
    if (sent.final && sent.answer.status === 402) {
      checkout.state = "declined";
      checkout.problem = sent.answer.body;
      checkout.payment = null; // a new card is a new payment: it gets its own key
      return finish(checkout, report);
    }
    if (!settled(checkout, sent, [200, 201])) {
      return finish(checkout, report);
    }
    checkout.payment.answer = sent.answer.body;
    checkout.state = sent.answer.body.order_status === "PAID" ? "paid" : "waiting";
    save(checkout);
  }

  if (checkout.state === "waiting") {
    report(checkout, {});
    await follow(checkout, report);
  }
  return finish(checkout, report);
}

function chargeBody(checkout) {
  const view = checkout.order.view;
  const choice = checkout.choice;
  const body = {
    order_id: view.id,
    amount: view.amount,
    currency: view.currency,
    gateway: choice.gateway,
    method: choice.method,
  };
  for (const field of ["token", "name", "email", "phone", "store"]) {
    if (choice[field]) {
      body[field] = choice[field];
    }
  }
  return body;
}

/** Whether `sent` is one of the `ok` answers; else records why the checkout stops here. */
function settled(checkout, sent, ok) {
  if (sent.final && ok.includes(sent.answer.status)) {
    return true;
  }
  checkout.state = sent.final ? "failed" : "unconfirmed";
  checkout.problem = sent.answer ? { status: sent.answer.status, ...sent.answer.body } : null;
  return false;
}

const STILL_OPEN = new Set(["PENDING_PAYMENT", "AWAITING_PAYMENT"]);

/** Reads the order until the gateway's webhook has settled it, slowing down as time passes. */
async function follow(checkout, report) {
  let waitMs = 1000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    waitMs = Math.min(waitMs * 1.5, 5000);
    let response;
    try {
      response = await fetch(`../api/orders/${checkout.order.id}`, {
        headers: { Accept: "application/json", Authorization: authorization() },
        credentials: "omit",
        cache: "no-store",
      });
    } catch (offline) {
      continue;
    }
    if (!response.ok) {
      continue;
    }
    const order = await response.json().catch(() => null);
    if (order === null || STILL_OPEN.has(order.status)) {
      continue;
    }
    checkout.order.view = order;
    checkout.state = order.status === "PAID" ? "paid" : "failed";
    checkout.problem = checkout.state === "failed" ? { detail: `The order is ${order.status}.` } : null;
    return;
  }
}

function finish(checkout, report) {
  save(checkout);
  report(checkout, {});
  return checkout;
}

function post(url, key, body) {
  return fetch(url, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "Idempotency-Key": key,
      Authorization: authorization(),
    },
    body: JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
}
