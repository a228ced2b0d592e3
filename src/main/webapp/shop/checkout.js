// One checkout: an order and the payment of it, carried through whatever the network does. Its
// keys are made once, when the customer presses Pay, and kept in sessionStorage with the exact
// bodies they were made for: a double click, a retry, a reload or the way back from a payment page
// sends the same key with the same body, so the server answers with what it already did.

import { keyHeader, newKey, sendWithRetries } from "./retries.js";
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
  // The contact details stay the checkout's where the form has none: a page loaded afresh (back
  // from the card issuer's page) starts with empty fields, and the receipt goes to that address.
  const before = checkout.choice ?? {};
  checkout.choice = { ...payment };
  for (const field of ["name", "email", "phone"]) {
    checkout.choice[field] = payment[field] || before[field] || null;
  }
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
  if (checkout.state === "cancelled") {
    return finish(checkout, report);
  }
  if (checkout.cancel) {
    return cancel(report); // a cancel was under way: it goes on with its key, nothing is charged
  }
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

  // 3-D Secure: this tab goes to the issuer's page, once per payment; the gateway sends it back
  // through our return page to this page, where the checkout goes on from "authenticating".
  const answer = checkout.payment?.answer;
  if (checkout.state === "waiting" && authenticates(answer) && !checkout.payment.sentToIssuer) {
    checkout.payment.sentToIssuer = true;
    checkout.state = "authenticating";
    finish(checkout, report);
    window.location.assign(answer.authorize_uri);
    return checkout;
  }
  if (checkout.state === "authenticating") {
    checkout.state = "waiting"; // back from the issuer's page (or its tab was reloaded)
  }

  if (checkout.state === "waiting") {
    report(checkout, {});
    await follow(checkout, report);
  }
  return finish(checkout, report);
}

/**
 * Cancels the checkout's order (a shop's "Cancel order": the customer will not pay it after all),
 * with a key made once per cancel and kept with the checkout until an answer comes, so that a
 * retry, a second click or a reload sends the same cancel. Ends in "cancelled", "paid" (the
 * customer paid first: the order stays paid), "failed" or "unconfirmed" (try again: same key).
 */
export async function cancel(report) {
  let checkout = unfinished();
  if (checkout?.order.id == null) {
    return checkout;
  }
  if (!checkout.cancel) {
    checkout.cancel = { key: newKey() };
    save(checkout);
  }
  const key = checkout.cancel.key;
  report(checkout, { cancelling: true });
  const sent = await sendWithRetries(() => post(`../api/orders/${checkout.order.id}/cancel`, key, {}), {
    onWait: ({ waitMs, answer }) =>
      report(checkout, { retrying: true, waitMs, status: answer?.status ?? null }),
  });
  checkout = unfinished() ?? checkout; // a payment being followed meanwhile may have moved it
  if (sent.final && sent.answer.status === 200) {
    checkout.order.view = sent.answer.body;
    checkout.state = "cancelled";
    checkout.problem = null;
  } else if (sent.final && sent.answer.type === "order-paid-refund-instead") {
    checkout.state = "paid";
    checkout.problem = null;
  } else {
    checkout.state = sent.final ? "failed" : "unconfirmed";
    checkout.problem = sent.answer ? { status: sent.answer.status, ...sent.answer.body } : null;
  }
  if (sent.final) {
    delete checkout.cancel;
  }
  return finish(checkout, report);
}

/**
 * Gives back `amount` yen of the checkout's paid order (a shop's "Refund": the customer returned
 * something), with a key made once per refund and kept with the checkout until an answer comes,
 * so that a retry, a second click or a reload asks for the same refund, never a second one. A
 * new amount is a new refund, with a new key. Each refund made is kept in `checkout.refunds`;
 * `checkout.refundProblem` says why the last one was not.
 */
export async function refund(amount, report) {
  let checkout = unfinished();
  if (checkout?.order.id == null || checkout.state !== "paid") {
    return checkout;
  }
  if (!checkout.refund || checkout.refund.amount !== amount) {
    checkout.refund = { key: newKey(), amount };
    save(checkout);
  }
  const key = checkout.refund.key;
  report(checkout, { refunding: true });
  const sent = await sendWithRetries(
    () => post(`../api/orders/${checkout.order.id}/refunds`, key, { amount, reason: "refunded at the shop" }),
    { onWait: ({ waitMs, answer }) => report(checkout, { refunding: true, retrying: true, waitMs, status: answer?.status ?? null }) }
  );
  checkout = unfinished() ?? checkout;
  if (sent.final && sent.answer.status === 201) {
    checkout.refunds = [...(checkout.refunds ?? []).filter((r) => r.refund_id !== sent.answer.body.refund_id), sent.answer.body];
    checkout.refundProblem = null;
  } else if (sent.final) {
    checkout.refundProblem = { status: sent.answer.status, ...sent.answer.body };
  } else {
    checkout.refundProblem = {
      detail: "No answer yet. Press Refund again: the same refund is asked for, never a second one.",
    };
  }
  if (sent.final) {
    delete checkout.refund;
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

/** A card answer that waits for 3-D Secure at a page of the gateway's (http or https only). */
export function authenticates(answer) {
  return (
    answer?.method === "card" &&
    answer.status === "requires_action" &&
    /^https?:\/\//.test(answer.authorize_uri ?? "")
  );
}

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
    if (order === null) {
      continue;
    }
    // The card failed 3-D Secure (or was declined after it): the order waits for another payment.
    const ours = (order.payments ?? []).find((p) => p.chargeId && p.chargeId === checkout.payment?.answer?.charge_id);
    if (order.status === "PENDING_PAYMENT" && ours && ["DECLINED", "REJECTED"].includes(ours.status)) {
      checkout.order.view = order;
      checkout.state = "declined";
      checkout.problem = { detail: "The card issuer did not authenticate this payment (3-D Secure): nothing was charged." };
      checkout.payment = null; // a new card is a new payment: it gets its own key
      return;
    }
    if (STILL_OPEN.has(order.status)) {
      continue;
    }
    checkout.order.view = order;
    checkout.state = order.status === "PAID" ? "paid" : order.status === "CANCELLED" ? "cancelled" : "failed";
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
      "Idempotency-Key": keyHeader(key),
      Authorization: authorization(),
    },
    body: JSON.stringify(body),
    credentials: "omit",
    cache: "no-store",
  });
}
