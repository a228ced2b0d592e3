// The checkout page: sign-in, the catalogue, the payment form, and the state of the checkout as
// checkout.js carries it through. The page never makes a key: checkout.js does, once per Pay.

import * as api from "./api.js";
import * as checkouts from "./checkout.js";

const $ = (id) => document.getElementById(id);
const yen = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });

/**
 * The sandbox's test cards, per gateway (Stripe's are its own documented test values). `secure`:
 * the issuer asks for 3-D Secure with a challenge; `frictionless`: it authenticates without one.
 */
const TEST_CARDS = {
  stripe: {
    pays: "pm_card_visa",
    declines: "pm_card_chargeDeclined",
    secure: "pm_card_threeDSecure2Required",
    frictionless: "pm_card_threeDSecure2Frictionless",
  },
  omise: {
    pays: "tokn_test_visa4242",
    declines: "tokn_test_declined",
    secure: "tokn_test_3ds_challenge",
    frictionless: "tokn_test_3ds",
  },
  komoju: { pays: "tok_visa", declines: "tok_declined", secure: "tok_3ds" },
  "2c2p": { pays: "00acVisaSecurePayToken", declines: "decline", secure: "3ds" },
};

const GATEWAY_NAMES = { stripe: "Stripe", omise: "Omise", komoju: "KOMOJU", "2c2p": "2C2P", paypay: "PayPay" };

const METHOD_NAMES = {
  card: "Card",
  konbini: "Konbini (pay at a convenience store)",
  bank_transfer: "Bank transfer",
  paypay: "PayPay",
  rakutenpay: "Rakuten Pay (楽天ペイ)",
};

/** Methods paid off-site: the gateway's answer links to where the customer approves it. */
const OFF_SITE = new Set(["paypay", "rakutenpay"]);

const INSTRUCTION_NAMES = {
  store: "Store",
  confirmation_code: "Confirmation number",
  receipt: "Receipt number",
  payment_deadline: "Pay by",
  bank_name: "Bank",
  branch_name: "Branch",
  account_type: "Account type",
  account_number: "Account number",
  account_name: "Account name",
};

let products = [];
let gateways = [];
let running = false;
let cancelling = false;
let refunding = false;

document.addEventListener("DOMContentLoaded", () => {
  $("sign-in-form").addEventListener("submit", onSignIn);
  $("sign-out").addEventListener("click", onSignOut);
  $("order-form").addEventListener("submit", onPay);
  $("order-form").addEventListener("input", showTotals);
  $("gateway").addEventListener("change", showMethods);
  $("method").addEventListener("change", showMethodFields);
  $("try-again").addEventListener("click", () => carryOn());
  $("new-order").addEventListener("click", onNewOrder);
  $("cancel-order").addEventListener("click", onCancelOrder);
  $("refund-order").addEventListener("click", onRefund);
  $("refund-amount").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault(); // Enter here refunds; it must not submit the form (Pay)
      onRefund();
    }
  });
  $("resume-hint").hidden = checkouts.unfinished() === null;
  $("password").focus();
});

async function onSignIn(event) {
  event.preventDefault();
  $("sign-in-error").textContent = "";
  api.signIn($("username").value.trim(), $("password").value);
  try {
    [products, gateways] = await Promise.all([api.catalogue(), api.methods()]);
  } catch (failed) {
    api.signOut();
    $("sign-in-error").textContent =
      failed.status === 401 || failed.status === 403
        ? "That shop and password were not accepted."
        : `The shop could not be loaded: ${failed.message}`;
    return;
  }
  $("password").value = "";
  $("sign-in-panel").hidden = true;
  $("shop").hidden = false;
  $("who").textContent = $("username").value.trim();
  $("who").hidden = false;
  $("sign-out").hidden = false;
  showCatalogue();
  showGateways();
  if (checkouts.unfinished() !== null) {
    carryOn();
  }
}

function onSignOut() {
  api.signOut();
  location.reload();
}

function showCatalogue() {
  const rows = products.map((p) => {
    const row = document.createElement("tr");
    const quantity = document.createElement("input");
    quantity.type = "number";
    quantity.min = "0";
    quantity.max = String(Math.min(p.available, 999));
    quantity.value = "0";
    quantity.dataset.sku = p.sku;
    quantity.id = `qty-${p.sku}`;
    quantity.disabled = p.available === 0;
    quantity.setAttribute("aria-label", `Quantity of ${p.name}`);
    row.append(
      cell(p.taxRate === 8 ? `${p.name} ※` : p.name),
      cell(yen.format(p.unitPrice), "num"),
      cell(`${p.taxRate} %`, "num"),
      cell(String(p.available), "num"),
      cell(quantity, "num")
    );
    return row;
  });
  $("catalogue-rows").replaceChildren(...rows);
  showTotals();
}

function cell(content, className) {
  const td = document.createElement("td");
  td.append(content);
  if (className) {
    td.className = className;
  }
  return td;
}

function wanted() {
  return [...document.querySelectorAll("#catalogue-rows input")]
    .map((input) => ({ sku: input.dataset.sku, quantity: Number(input.value) }))
    .filter((item) => Number.isInteger(item.quantity) && item.quantity > 0);
}

/** The order's totals as the server computes them: tax per rate over the order, rounded down. */
function showTotals() {
  const byRate = new Map();
  for (const item of wanted()) {
    const p = products.find((x) => x.sku === item.sku);
    byRate.set(p.taxRate, (byRate.get(p.taxRate) ?? 0) + p.unitPrice * item.quantity);
  }
  const rows = [];
  let total = 0;
  for (const [rate, taxable] of [...byRate].sort((a, b) => b[0] - a[0])) {
    const tax = Math.floor((taxable * rate) / 100);
    total += taxable + tax;
    rows.push([`${rate} % items${rate === 8 ? " ※" : ""}`, `${yen.format(taxable)} (tax ${yen.format(tax)})`]);
  }
  rows.push(["Total", yen.format(total)]);
  $("totals").replaceChildren(
    ...rows.flatMap(([term, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = term;
      const dd = document.createElement("dd");
      dd.textContent = value;
      return [dt, dd];
    })
  );
}

function showGateways() {
  $("gateway").replaceChildren(
    ...gateways.map((g) => new Option(GATEWAY_NAMES[g.gateway] ?? g.gateway, g.gateway))
  );
  showMethods();
}

function showMethods() {
  const gateway = gateways.find((g) => g.gateway === $("gateway").value);
  $("method").replaceChildren(
    ...(gateway?.methods ?? []).map((m) => new Option(METHOD_NAMES[m] ?? m, m))
  );
  showMethodFields();
}

function showMethodFields() {
  $("card-field").hidden = $("method").value !== "card";
  // Only the cards this gateway's sandbox knows.
  const cards = TEST_CARDS[$("gateway").value] ?? {};
  for (const option of $("card").options) {
    option.hidden = !(option.value in cards);
  }
  if (!($("card").value in cards)) {
    $("card").value = "pays";
  }
  $("store-field").hidden = $("method").value !== "konbini";
}

/** What the customer chose to pay with, as the charge request carries it. */
function choice() {
  const gateway = $("gateway").value;
  const method = $("method").value;
  const chosen = {
    gateway,
    method,
    name: $("name").value.trim() || null,
    email: $("email").value.trim() || null,
    phone: $("phone").value.trim() || null,
  };
  if (method === "card") {
    chosen.token = TEST_CARDS[gateway][$("card").value];
  }
  if (method === "konbini") {
    chosen.store = $("store").value;
  }
  return chosen;
}

function onPay(event) {
  event.preventDefault();
  if (running) {
    return; // a second click while the first goes on: the same checkout, nothing new
  }
  $("form-error").textContent = "";
  const existing = checkouts.unfinished();
  if (existing?.state === "declined") {
    checkouts.choose(choice());
  } else if (existing === null) {
    const items = wanted();
    const email = $("email").value.trim();
    if (items.length === 0) {
      $("form-error").textContent = "Choose at least one item.";
      return;
    }
    if (!$("email").checkValidity() || email === "") {
      $("form-error").textContent = "Enter the e-mail address the receipt goes to.";
      return;
    }
    checkouts.start({ customer: email, items, currency: "JPY" }, choice());
  }
  carryOn();
}

async function carryOn() {
  if (running) {
    return;
  }
  running = true;
  $("pay").disabled = true;
  try {
    await checkouts.run(show);
  } finally {
    running = false;
    const state = checkouts.unfinished()?.state;
    $("pay").disabled = state !== "declined";
  }
}

/** Cancels the order shown: one cancel per click, its key kept until the server answers. */
async function onCancelOrder() {
  if (cancelling) {
    return; // a second click while the first goes on: the same cancel
  }
  cancelling = true;
  $("cancel-order").disabled = true;
  try {
    await checkouts.cancel(show);
  } finally {
    cancelling = false;
    $("cancel-order").disabled = false;
  }
}

/** Refunds the amount entered: one refund per click, its key kept until the server answers. */
async function onRefund() {
  if (refunding) {
    return; // a second click while the first goes on: the same refund
  }
  const amount = Number($("refund-amount").value);
  if (!Number.isInteger(amount) || amount <= 0) {
    $("refund-result").textContent = "Enter a whole number of yen above 0.";
    return;
  }
  refunding = true;
  $("refund-order").disabled = true;
  try {
    await checkouts.refund(amount, show);
  } finally {
    refunding = false;
    $("refund-order").disabled = false;
  }
}

/** What the last refund did, or why it was not made. */
function refundText(checkout, note) {
  if (note.refunding) {
    return "Refunding…";
  }
  if (checkout.refundProblem) {
    return checkout.refundProblem.detail || checkout.refundProblem.title || "The refund was not made.";
  }
  const last = checkout.refunds?.at(-1);
  if (!last) {
    return "";
  }
  const invoice = last.return_invoice ? ` Return invoice ${last.return_invoice.number}.` : "";
  return `Refunded ¥${last.amount.toLocaleString("ja-JP")}.${invoice} ¥${last.refundable.toLocaleString("ja-JP")} left to refund.`;
}

function onNewOrder() {
  checkouts.forget();
  $("checkout").hidden = true;
  $("refund-amount").value = "";
  $("pay").disabled = false;
  for (const input of document.querySelectorAll("#catalogue-rows input")) {
    input.value = "0";
  }
  api.catalogue().then((fresh) => {
    products = fresh;
    showCatalogue();
  });
}

const STATES = {
  ordering: "Placing your order…",
  charging: "Charging…",
  waiting: "Waiting for your payment",
  authenticating: "Taking you to your card issuer for 3-D Secure…",
  paid: "Paid. Thank you!",
  declined: "Your card was declined. Choose another card or method and pay again.",
  failed: "This payment cannot go on.",
  unconfirmed: "We could not confirm your payment yet. Nothing is charged twice: try again.",
  cancelled: "Order cancelled. Nothing was charged, and the items are back on sale.",
};

/** Shows where `checkout` stands; `note.retrying` while a retry waits. */
function show(checkout, note) {
  $("checkout").hidden = false;
  const status = $("checkout-state");
  status.dataset.state = checkout.state;
  status.textContent = note.cancelling ? "Cancelling your order…" : STATES[checkout.state];
  const order = checkout.order.view;
  const parts = [];
  if (order) {
    parts.push(`Order ${order.id}: ${yen.format(order.amount)} (tax ${yen.format(order.tax)}).`);
  }
  if (note.retrying) {
    parts.push(
      note.status === null
        ? `No answer: trying again in ${Math.ceil(note.waitMs / 1000)} s with the same key.`
        : `The server said ${note.status}: trying again in ${Math.ceil(note.waitMs / 1000)} s with the same key.`
    );
  }
  if (checkout.problem && ["declined", "failed"].includes(checkout.state)) {
    parts.push(checkout.problem.detail || checkout.problem.title || "");
  }
  $("checkout-detail").textContent = parts.join(" ");
  showInstructions(checkout);
  $("try-again").hidden = checkout.state !== "unconfirmed";
  $("new-order").hidden = !["paid", "failed", "cancelled"].includes(checkout.state);
  // Where a shop offers it: an order placed and not paid yet (awaiting konbini, declined, unsure).
  $("cancel-order").hidden = !order || !["waiting", "declined", "unconfirmed"].includes(checkout.state);
  // A paid order can be refunded, in whole or in part, as long as something is left.
  const left = checkout.refunds?.at(-1)?.refundable ?? order?.amount ?? 0;
  $("refund").hidden = checkout.state !== "paid" || !order || (left <= 0 && !checkout.refundProblem);
  if ($("refund-amount").value === "" && left > 0) {
    $("refund-amount").value = String(left);
  }
  $("refund-result").textContent = refundText(checkout, note);
}

function showInstructions(checkout) {
  const answer = checkout.payment?.answer;
  const waiting = checkout.state === "waiting";
  const instructions = answer?.instructions ?? {};
  const entries = Object.entries(INSTRUCTION_NAMES)
    .filter(([key]) => typeof instructions[key] === "string" || typeof instructions[key] === "number")
    .map(([key, name]) => [name, key === "payment_deadline" ? japanTime(instructions[key]) : String(instructions[key])]);
  $("instructions").hidden = !waiting || entries.length === 0;
  $("instructions").replaceChildren(
    ...entries.flatMap(([term, value]) => {
      const dt = document.createElement("dt");
      dt.textContent = term;
      const dd = document.createElement("dd");
      dd.textContent = value;
      return [dt, dd];
    })
  );
  const link = answer?.authorize_uri || instructions.instructions_url || null;
  const safe = link !== null && /^https?:\/\//.test(link);
  // 3-D Secure: the issuer's page sends this tab back here, so it opens in this tab.
  const secure = checkouts.authenticates(answer);
  $("authorize").hidden = !waiting || !safe;
  if (safe) {
    $("authorize-link").href = link;
    if (secure) {
      $("authorize-link").removeAttribute("target");
    } else {
      $("authorize-link").target = "_blank";
    }
    $("authorize-link").textContent =
      OFF_SITE.has(answer.method)
        ? `Open ${METHOD_NAMES[answer.method]} to pay`
        : secure
          ? "Authenticate with your card issuer (3-D Secure)"
          : answer.authorize_uri
            ? "Continue to the payment page"
            : "How to pay";
  }
}

function japanTime(iso) {
  const at = new Date(iso);
  return Number.isNaN(at.getTime())
    ? iso
    : at.toLocaleString("ja-JP", { timeZone: "Asia/Tokyo", dateStyle: "medium", timeStyle: "short" }) + " (JST)";
}
