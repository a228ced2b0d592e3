// The operators' review page: sign in, see the orders in review and what is in doubt, accept or
// refund an order's money. Each decision makes its Idempotency-Key once, when the operator first
// asks for it, and every try of that decision (the page's retries, a later click on the same
// button after no answer came) carries that key: the server does it once. Values from the API are
// put on the page as text, never as HTML.
import { MESSAGES } from "./messages.js";
import { preferredLanguage, storedLanguage, storeLanguage } from "../audit/messages.js";
import { keyHeader, newKey, sendWithRetries } from "../shop/retries.js";

const QUEUE = "../api/review";
const LANGUAGE_KEY = "ichido.review.language";

const $ = (id) => document.getElementById(id);

const state = {
  language: storedLanguage(LANGUAGE_KEY) ?? preferredLanguage(navigator.languages ?? [navigator.language]),
  user: null,
  queue: null,
  loadedAt: null,
  signInMessage: null, // functions of the language, so a message follows a language switch
  outcome: null, // {text: () => string, refused: boolean}
  asking: null, // the decision the dialog asks to confirm: {order, action}
  busy: false,
};
// A decision without a final answer keeps its key: "order:action" -> key.
const openKeys = new Map();
let authorization = null;

function t(key, ...args) {
  const message = MESSAGES[state.language][key];
  return typeof message === "function" ? message(...args) : message;
}

function yen(amount) {
  return t("yen", new Intl.NumberFormat(state.language).format(amount));
}

// An ISO-8601 duration as the server's settings give it (PT15M, PT1H30M, P1D) in words:
// "15 minutes", "1 hour 30 minutes", "1日"; the text as it came when it is not one.
function duration(iso) {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso ?? "");
  if (!match || iso === "P" || iso.endsWith("T")) {
    return iso ?? "";
  }
  const units = ["day", "hour", "minute", "second"];
  const parts = units
    .map((unit, i) => [unit, Number(match[i + 1] ?? 0)])
    .filter(([, value]) => value > 0)
    .map(([unit, value]) =>
      new Intl.NumberFormat(state.language, { style: "unit", unit, unitDisplay: "long" }).format(
        value,
      ),
    );
  return parts.length ? parts.join(" ") : iso;
}

function time(instant) {
  return instant ? new Date(instant).toLocaleString(state.language) : "—";
}

// --- the API ---------------------------------------------------------------------------------

async function getQueue() {
  let response;
  try {
    response = await fetch(QUEUE, {
      headers: { Accept: "application/json", Authorization: authorization ?? "" },
      // "omit": no password dialog of the browser's own, no credentials it remembered.
      credentials: "omit",
      cache: "no-store",
    });
  } catch (unreachable) {
    throw { status: 0 };
  }
  if (!response.ok) {
    throw { status: response.status };
  }
  return response.json();
}

function decide(orderId, action, key) {
  return sendWithRetries(
    () =>
      fetch(`${QUEUE}/orders/${orderId}/${action}`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          Authorization: authorization ?? "",
          "Idempotency-Key": keyHeader(key),
        },
        credentials: "omit",
        cache: "no-store",
      }),
    {
      onWait: ({ waitMs }) => {
        state.outcome = { text: () => t("retrying", orderId, Math.ceil(waitMs / 1000)) };
        render();
      },
    },
  );
}

// --- signing in and out ----------------------------------------------------------------------

async function onSignIn(event) {
  event.preventDefault();
  const user = $("username").value.trim();
  const bytes = new TextEncoder().encode(`${user}:${$("password").value}`);
  authorization = "Basic " + btoa(String.fromCharCode(...bytes));
  state.signInMessage = () => t("signingIn");
  $("sign-in").disabled = true;
  render();
  try {
    state.queue = await getQueue();
    state.loadedAt = new Date();
    state.user = user;
    state.signInMessage = null;
    $("password").value = "";
  } catch (error) {
    authorization = null;
    state.signInMessage = refusal(error);
  } finally {
    $("sign-in").disabled = false;
    render();
  }
}

function refusal(error) {
  if (error.status === 401) {
    return () => t("wrongPassword");
  }
  if (error.status === 403) {
    return () => t("notOperator");
  }
  return error.status === 0 ? () => t("unreachable") : () => t("failed", error.status);
}

function signOut(message = null) {
  authorization = null;
  openKeys.clear();
  Object.assign(state, { user: null, queue: null, outcome: null, signInMessage: message });
  $("password").value = "";
  render();
  $("username").focus();
}

async function reload() {
  try {
    state.queue = await getQueue();
    state.loadedAt = new Date();
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      signOut(error.status === 401 ? () => t("sessionEnded") : () => t("notOperator"));
      return;
    }
    state.outcome = { text: refusal(error), refused: true };
  }
  render();
}

// --- deciding ------------------------------------------------------------------------------

function ask(order, action) {
  state.asking = { order, action };
  $("confirm-text").textContent =
    action === "accept"
      ? t("confirmAccept", order.order_id, yen(order.received), yen(order.amount))
      : t("confirmRefund", order.order_id, yen(order.received));
  $("confirm-yes").textContent = t(action);
  $("confirm").showModal();
}

async function confirmed() {
  const { order, action } = state.asking;
  $("confirm").close();
  state.asking = null;
  const id = order.order_id;
  const slot = `${id}:${action}`;
  if (!openKeys.has(slot)) {
    openKeys.set(slot, newKey());
  }
  state.busy = true;
  state.outcome = { text: () => t("working", id) };
  render();
  const { answer, final } = await decide(id, action, openKeys.get(slot));
  state.busy = false;
  if (!final || answer === null) {
    state.outcome = { text: () => t("unanswered", id), refused: true };
  } else {
    openKeys.delete(slot);
    state.outcome = outcomeOf(id, answer);
  }
  await reload();
}

function outcomeOf(id, answer) {
  if (answer.status === 401 || answer.status === 403) {
    return { text: refusal(answer), refused: true };
  }
  if (answer.status !== 200) {
    const detail = answer.body?.detail ?? answer.body?.title;
    return {
      text: () => t("refused", id, detail ?? t("failed", answer.status)),
      refused: true,
    };
  }
  const done = answer.body;
  return done.decision === "accepted"
    ? { text: () => t("accepted", id, yen(done.paid), done.returning ? yen(done.returning) : 0) }
    : { text: () => t("refunded", id, yen(done.received)) };
}

// --- drawing ---------------------------------------------------------------------------------

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) {
    td.className = className;
  }
  return td;
}

function renderOrders() {
  const body = $("orders-table").tBodies[0];
  body.replaceChildren();
  const orders = state.queue?.orders ?? [];
  for (const order of orders) {
    const row = body.insertRow();
    row.dataset.order = order.order_id;
    cell(row, order.order_id, "num");
    cell(row, order.customer);
    cell(row, order.reason);
    cell(row, yen(order.amount), "num");
    cell(row, yen(order.received), "num");
    const list = document.createElement("ul");
    for (const a of order.attempts) {
      const item = document.createElement("li");
      item.textContent = t("attempt", a.gateway, a.charge_id, a.status, yen(a.received), yen(a.refunded));
      list.append(item);
    }
    cell(row, "", "attempts").append(list);
    cell(row, time(order.since));
    const actions = cell(row, "", "decide");
    for (const action of ["accept", "refund"]) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = action;
      button.textContent = t(action);
      button.disabled = state.busy;
      button.addEventListener("click", () => ask(order, action));
      actions.append(button);
    }
  }
  $("no-orders").hidden = orders.length > 0;
}

function renderDoubt() {
  const body = $("doubt-table").tBodies[0];
  body.replaceChildren();
  const charges = state.queue?.charges_in_doubt ?? [];
  const refunds = state.queue?.refunds_in_doubt ?? [];
  for (const c of charges) {
    const row = body.insertRow();
    cell(row, `${t("charge")} ${c.attempt_id}`);
    cell(row, c.order_id, "num");
    cell(row, c.gateway);
    cell(row, c.status);
    cell(row, yen(c.amount), "num");
    cell(row, c.why ?? "—");
    cell(row, time(c.requested_at));
  }
  for (const r of refunds) {
    const row = body.insertRow();
    cell(row, `${t("refundKind")} ${r.refund_id} (${r.reason})`);
    cell(row, r.order_id, "num");
    cell(row, r.gateway);
    cell(row, r.status);
    cell(row, yen(r.amount), "num");
    cell(row, r.why ?? "—");
    cell(row, time(r.requested_at));
  }
  $("doubt-caption").textContent = t("doubtCaption", duration(state.queue?.in_doubt_after));
  $("no-doubt").hidden = charges.length + refunds.length > 0;
}

function render() {
  const signedIn = state.user !== null;
  $("sign-in-panel").hidden = signedIn;
  $("console").hidden = !signedIn;
  $("sign-out").hidden = !signedIn;
  $("who").hidden = !signedIn;
  $("who").textContent = signedIn ? t("signedInAs", state.user) : "";
  $("sign-in-error").textContent = state.signInMessage?.() ?? "";
  $("outcome").textContent = state.outcome?.text() ?? "";
  $("outcome").dataset.state = state.outcome?.refused ? "refused" : "done";
  $("loaded").textContent = state.loadedAt ? t("loadedAt", time(state.loadedAt)) : "";
  $("reload").disabled = state.busy;
  if (signedIn) {
    renderOrders();
    renderDoubt();
  }
}

function applyLanguage() {
  document.documentElement.lang = state.language;
  document.title = t("title");
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === state.language));
  }
  render();
}

function switchLanguage(language) {
  state.language = language;
  storeLanguage(LANGUAGE_KEY, language);
  applyLanguage();
}

function start() {
  $("sign-in-form").addEventListener("submit", onSignIn);
  $("sign-out").addEventListener("click", () => signOut());
  $("reload").addEventListener("click", reload);
  $("confirm-yes").addEventListener("click", confirmed);
  $("confirm-no").addEventListener("click", () => {
    state.asking = null;
    $("confirm").close();
  });
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => switchLanguage(button.dataset.lang));
  }
  applyLanguage();
  $("username").focus();
}

start();
