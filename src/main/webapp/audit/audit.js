// The auditors' console: sign in, see whether the hash chain holds, search the payment log page by
// page, export a search as CSV; above the search, the period's money by gateway and 30 days' net. Every value from the log is put on the page as text, never as
// HTML: counterparties, keys and details are chosen by callers and customers.
import { MESSAGES, preferredLanguage, storedLanguage, storeLanguage } from "./messages.js";
import * as api from "./api.js";

const FILTERS = [
  "from",
  "to",
  "minAmount",
  "maxAmount",
  "counterparty",
  "orderId",
  "gateway",
  "status",
  "idempotencyKey",
  "kind",
];
const LANGUAGE_KEY = "ichido.audit.language";

const $ = (id) => document.getElementById(id);

const state = {
  language: storedLanguage(LANGUAGE_KEY) ?? preferredLanguage(navigator.languages ?? [navigator.language]),
  user: null,
  chain: null, // {checking} | {report, at} | {error, at}
  query: null, // the filters of the search shown, as sent
  size: 50,
  page: 1,
  asOf: null, // the first page's head: later pages are read as of it, so they never shift
  result: null,
  loading: false,
  signInMessage: null, // functions of the language, so a message follows a language switch
  filterMessage: null,
  downloadMessage: null,
  totals: null, // the API's totals for the period of the search shown
  totalsMessage: null,
};
let latestSearch = 0;
let latestTotals = 0;

const SVG = "http://www.w3.org/2000/svg";
const GATEWAY_NAMES = { stripe: "Stripe", omise: "Omise", komoju: "KOMOJU", "2c2p": "2C2P", paypay: "PayPay" };

function t(key, ...args) {
  const message = MESSAGES[state.language][key];
  return typeof message === "function" ? message(...args) : message;
}

function describe(error) {
  if (error.status === 0) {
    return t("unreachable");
  }
  return error.detail ?? t("failed", error.status);
}

// --- signing in and out --------------------------------------------------------------------

async function onSignIn(event) {
  event.preventDefault();
  const user = $("username").value.trim();
  const password = $("password").value;
  api.signIn(user, password);
  state.signInMessage = () => t("signingIn");
  $("sign-in").disabled = true;
  render();
  try {
    const report = await api.verify();
    state.user = user;
    state.chain = { report, at: new Date() };
    state.signInMessage = null;
    $("password").value = "";
    render();
    $("filter-heading").focus();
    await runSearch();
  } catch (error) {
    api.signOut();
    state.signInMessage = signInRefusal(error);
  } finally {
    $("sign-in").disabled = false;
    render();
  }
}

function signInRefusal(error) {
  if (error.status === 401) {
    return () => t("wrongPassword");
  }
  if (error.status === 403) {
    return () => t("notAuditor");
  }
  return () => describe(error);
}

function signOut(message = null) {
  api.signOut();
  latestSearch++;
  Object.assign(state, {
    user: null,
    chain: null,
    query: null,
    page: 1,
    asOf: null,
    result: null,
    loading: false,
    signInMessage: message,
    filterMessage: null,
    downloadMessage: null,
    totals: null,
    totalsMessage: null,
  });
  latestTotals++;
  $("password").value = "";
  render();
  renderTotals();
  $("username").focus();
}

/** A refusal in the middle of work: the credentials no longer hold, or the role was taken away. */
function refusedMidway(error) {
  if (error.status === 401) {
    signOut(() => t("sessionEnded"));
    return true;
  }
  if (error.status === 403) {
    signOut(() => t("notAuditor"));
    return true;
  }
  return false;
}

// --- the chain -----------------------------------------------------------------------------

async function verifyAgain() {
  state.chain = { checking: true };
  render();
  try {
    state.chain = { report: await api.verify(), at: new Date() };
  } catch (error) {
    if (refusedMidway(error)) {
      return;
    }
    state.chain = { error, at: new Date() };
  }
  render();
}

// --- searching and paging ------------------------------------------------------------------

/** The form's filters as the API takes them; local date-times become instants. */
function filterParams() {
  const form = $("filters");
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    let value = form.elements[name].value.trim();
    if (value === "") {
      continue;
    }
    if (name === "from" || name === "to") {
      // "2026-11-30T09:00" without an offset is read in the browser's own time zone.
      value = new Date(value).toISOString();
    }
    params.set(name, value);
  }
  return params;
}

async function runSearch() {
  state.query = filterParams();
  state.asOf = null;
  await Promise.all([load(1), loadTotals(state.query)]);
}

// --- totals --------------------------------------------------------------------------------

/** The totals of the search's period: only its from and to count, as the API takes them. */
async function loadTotals(query) {
  const params = new URLSearchParams();
  for (const name of ["from", "to"]) {
    if (query.has(name)) {
      params.set(name, query.get(name));
    }
  }
  const mine = ++latestTotals;
  $("totals").setAttribute("aria-busy", "true");
  try {
    const totals = await api.totals(params);
    if (mine !== latestTotals) {
      return;
    }
    state.totals = totals;
    state.totalsMessage = null;
  } catch (error) {
    if (mine !== latestTotals || refusedMidway(error)) {
      return;
    }
    // Totals of another period would pass for this one's.
    state.totals = null;
    state.totalsMessage = () => t("totalsError", describe(error));
  } finally {
    if (mine === latestTotals) {
      $("totals").setAttribute("aria-busy", "false");
      // Only the totals: redrawing the results too would replace rows someone is reading.
      renderTotals();
    }
  }
}

async function load(page) {
  const params = new URLSearchParams(state.query);
  params.set("size", state.size);
  params.set("page", page);
  if (state.asOf !== null) {
    params.set("asOf", state.asOf);
  }
  const mine = ++latestSearch;
  state.loading = true;
  render();
  try {
    const result = await api.search(params);
    if (mine !== latestSearch) {
      return;
    }
    state.result = result;
    state.page = result.page;
    state.asOf ??= result.asOf;
    state.filterMessage = null;
  } catch (error) {
    if (mine !== latestSearch || refusedMidway(error)) {
      return;
    }
    if (state.asOf === null) {
      // A new search failed: the rows of the previous one would pass for its answer.
      state.result = null;
    }
    state.filterMessage = () => t("searchError", describe(error));
  } finally {
    if (mine === latestSearch) {
      state.loading = false;
      render();
    }
  }
}

// --- CSV -----------------------------------------------------------------------------------

async function download() {
  state.downloadMessage = () => t("downloading");
  state.filterMessage = null;
  $("download").disabled = true;
  render();
  try {
    const blob = await api.csv(filterParams());
    const name = csvName(new Date());
    save(blob, name);
    state.downloadMessage = () => t("downloaded", name);
  } catch (error) {
    state.downloadMessage = null;
    if (refusedMidway(error)) {
      return;
    }
    state.filterMessage = () => t("csvError", describe(error));
  } finally {
    $("download").disabled = false;
    render();
  }
}

function csvName(now) {
  const two = (n) => String(n).padStart(2, "0");
  const day = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  return `payment-log-${day}-${two(now.getHours())}${two(now.getMinutes())}.csv`;
}

function save(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; a minute is ample for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// --- showing it ----------------------------------------------------------------------------

function render() {
  const signedIn = state.user !== null;
  $("sign-in-panel").hidden = signedIn;
  $("console").hidden = !signedIn;
  $("sign-out").hidden = !signedIn;
  $("who").hidden = !signedIn;
  $("who").textContent = signedIn ? t("signedInAs", state.user) : "";
  $("sign-in-error").textContent = state.signInMessage?.() ?? "";
  $("filter-error").textContent = state.filterMessage?.() ?? "";
  $("download-status").textContent = state.downloadMessage?.() ?? "";
  renderChain();
  renderResults();
}

function renderChain() {
  const chain = state.chain ?? { checking: true };
  const section = $("chain");
  let text;
  if (chain.checking) {
    section.dataset.state = "checking";
    text = t("chainChecking");
  } else if (chain.error) {
    section.dataset.state = "unknown";
    text = t("chainUnknown", describe(chain.error));
  } else if (chain.report.intact && chain.report.unchainedTooLong) {
    // The chain holds, but facts wait for a sequencer that does not run: say so loudly.
    section.dataset.state = "stalled";
    text = t(
      "chainStalled",
      number(chain.report.entries),
      number(chain.report.unchained),
      clock(new Date(chain.report.oldestUnchainedAt)),
    );
  } else if (chain.report.intact) {
    section.dataset.state = "intact";
    text = t("chainIntact", number(chain.report.entries));
  } else {
    section.dataset.state = "broken";
    text = t("chainBroken", chain.report.firstBrokenSeq, chain.report.problem);
  }
  $("chain-status").textContent = text;
  $("chain-checked").textContent = chain.at ? t("chainCheckedAt", clock(chain.at)) : "";
  $("verify-again").disabled = Boolean(chain.checking);
}

function renderResults() {
  $("results").setAttribute("aria-busy", String(state.loading));
  $("search").disabled = state.loading;
  const result = state.result;
  const items = result?.items ?? [];
  const body = $("results-table").tBodies[0];
  const retries = retriesByKey(result?.retries ?? []);
  body.replaceChildren(...items.map((entry) => row(entry, retries)));
  $("results-table").hidden = result !== null && items.length === 0;
  $("empty").hidden = result === null || items.length > 0;
  $("page-indicator").textContent = result ? t("pageN", state.page) : "";
  $("results-summary").textContent = result ? t("resultsSummary", state.page, items.length) : "";
  $("previous").disabled = state.loading || !result || state.page <= 1;
  $("next").disabled = state.loading || !result?.next;
  $("paging-hint").textContent = result ? t("pagingHint", number(state.asOf)) : "";
}

/** Drawn when the totals arrive, the language changes or the auditor signs out; not with rows. */
function renderTotals() {
  const totals = state.totals;
  $("totals-error").textContent = state.totalsMessage?.() ?? "";
  $("totals").dataset.from = totals?.from ?? "";
  $("totals").dataset.to = totals?.to ?? "";
  $("totals-period").textContent = totals
    ? t(
        "totalsPeriod",
        totals.from ? new Date(totals.from).toLocaleString(state.language) : null,
        totals.to ? new Date(totals.to).toLocaleString(state.language) : null,
      )
    : "";
  $("totals-table").tBodies[0].replaceChildren(...(totals?.totals ?? []).map(totalsRow));
  $("net-caption").textContent = totals ? t("netCaption", totals.timeZone) : "";
  const days = (totals?.daily ?? []).filter((d) => d.currency === homeCurrency(totals));
  $("net-chart").replaceChildren(...(days.length ? [netChart(days)] : []));
  $("net-table").tBodies[0].replaceChildren(
    ...days.map((d) => {
      const tr = document.createElement("tr");
      tr.dataset.day = d.day;
      tr.append(
        cell(dayLabel(d.day, true), "day"),
        cell(money(d.charged, d.currency), "num charged"),
        cell(money(d.refunded, d.currency), "num refunded"),
        cell(money(d.net, d.currency), "num net"),
      );
      return tr;
    }),
  );
}

/** The chart shows one currency, the first the API lists (JPY, the shop's). */
function homeCurrency(totals) {
  return totals?.totals?.[0]?.currency ?? "JPY";
}

function totalsRow(row) {
  const tr = document.createElement("tr");
  tr.dataset.gateway = row.gateway ?? "all";
  tr.dataset.currency = row.currency;
  if (row.gateway === null) {
    tr.className = "all";
  }
  const name = document.createElement("th");
  name.scope = "row";
  name.textContent =
    row.gateway === null
      ? t("allGateways", row.currency)
      : row.gateway === "none"
        ? t("unnamedGateway")
        : (GATEWAY_NAMES[row.gateway] ?? row.gateway);
  const open = (o) => t("openCell", number(o.count), money(o.amount, row.currency));
  tr.append(
    name,
    cell(money(row.charged, row.currency), "num charged"),
    cell(money(row.refunded, row.currency), "num refunded"),
    cell(money(row.net, row.currency), "num net" + (row.net < 0 ? " negative" : "")),
    cell(open(row.inDoubtCharges), "num in-doubt-charges"),
    cell(open(row.inDoubtRefunds), "num in-doubt-refunds"),
    cell(open(row.inReview), "num in-review"),
  );
  return tr;
}

/** "2026-12-02" as the language writes a day: month and day on the axis, in full in the table. */
function dayLabel(day, full) {
  const [y, m, d] = day.split("-").map(Number);
  const options = full
    ? { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }
    : { month: "2-digit", day: "2-digit", timeZone: "UTC" };
  return new Intl.DateTimeFormat(state.language, options).format(Date.UTC(y, m - 1, d));
}

function svg(name, attributes = {}, text = null) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    element.setAttribute(key, String(value));
  }
  if (text !== null) {
    element.textContent = text;
  }
  return element;
}

/**
 * One bar per day, oldest left, today right; a day that gave back more than it took falls below
 * the zero line. Drawn here, as SVG, with no library: the page loads nothing from elsewhere.
 */
function netChart(days) {
  const width = 960;
  const height = 260;
  const left = 96;
  const right = 12;
  const top = 14;
  const bottom = 36;
  const currency = days[0].currency;
  const nets = days.map((d) => d.net);
  const high = Math.max(0, ...nets);
  const low = Math.min(0, ...nets);
  const span = high - low || 1;
  const y = (value) => top + ((high - value) / span) * (height - top - bottom);
  const band = (width - left - right) / days.length;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-labelledby": "net-chart-title net-chart-desc",
    class: "net-chart",
  });
  const today = days[days.length - 1];
  root.append(
    svg("title", { id: "net-chart-title" }, t("netChartTitle")),
    svg(
      "desc",
      { id: "net-chart-desc" },
      t(
        "netChartDesc",
        dayLabel(days[0].day, true),
        dayLabel(today.day, true),
        money(today.net, currency),
        money(Math.min(...nets), currency),
        money(Math.max(...nets), currency),
      ),
    ),
  );
  const axis = svg("g", { class: "axis", "aria-hidden": "true" });
  for (const value of new Set([high, 0, low])) {
    axis.append(
      svg("line", {
        x1: left - 4,
        x2: width - right,
        y1: y(value),
        y2: y(value),
        class: value === 0 ? "zero" : "grid",
      }),
      svg("text", { x: left - 8, y: y(value) + 4, "text-anchor": "end" }, money(value, currency)),
    );
  }
  axis.append(svg("line", { x1: left, x2: left, y1: top, y2: height - bottom, class: "y" }));
  days.forEach((d, i) => {
    if (i % 5 === 4 || i === days.length - 1) {
      const x = left + band * (i + 0.5);
      const label = { x, y: height - bottom + 18, "text-anchor": "middle" };
      axis.append(svg("text", label, dayLabel(d.day, false)));
    }
  });
  const bars = svg("g", { class: "bars" });
  days.forEach((d, i) => {
    const bar = svg("rect", {
      x: left + band * i + band * 0.15,
      y: y(Math.max(0, d.net)),
      width: band * 0.7,
      // a day with no money still shows a hairline at zero: 30 days are 30 marks
      height: Math.max(1, Math.abs(y(d.net) - y(0))),
      class: d.net < 0 ? "bar negative" : "bar",
      "data-day": d.day,
      "data-net": d.net,
    });
    bar.append(svg("title", {}, `${dayLabel(d.day, true)}: ${money(d.net, currency)}`));
    bars.append(bar);
  });
  root.append(axis, bars);
  return root;
}

/** The page's retry traffic by idempotency key: each scope that used the key, newest first. */
function retriesByKey(list) {
  const byKey = new Map();
  for (const retries of list) {
    byKey.set(retries.idempotencyKey, [...(byKey.get(retries.idempotencyKey) ?? []), retries]);
  }
  return byKey;
}

/**
 * The key, and under it what its retries drew (not chained: counted beside the log): replays and
 * the last one, in-flight 409s and reuses with another body, per caller scope.
 */
function keyCell(entry, retries) {
  if (!entry.idempotencyKey) {
    return null;
  }
  const wrap = document.createElement("span");
  wrap.append(entry.idempotencyKey);
  for (const r of retries.get(entry.idempotencyKey) ?? []) {
    const note = document.createElement("small");
    note.className = "retries";
    note.dataset.scope = r.scope;
    note.textContent = t(
      "retries",
      number(r.replays),
      r.lastReplay ? new Date(r.lastReplay).toLocaleString(state.language) : null,
      number(r.inUse),
      number(r.reused),
      r.scope,
    );
    note.title = t("retriesTitle");
    wrap.append(document.createElement("br"), note);
  }
  return wrap;
}

function row(entry, retries = new Map()) {
  const tr = document.createElement("tr");
  tr.dataset.seq = entry.seq;
  const when = document.createElement("time");
  when.dateTime = entry.loggedAt;
  when.title = entry.loggedAt;
  when.append(...localTime(entry.loggedAt));
  const kind = document.createElement("span");
  kind.textContent = entry.kind;
  kind.title = MESSAGES[state.language].kinds[entry.kind] ?? entry.kind;
  tr.append(
    cell(entry.seq, "num seq"),
    cell(when, "time"),
    cell(kind, "kind"),
    cell(entry.orderId, "num order"),
    cell(entry.counterparty, "counterparty"),
    cell(money(entry.amount, entry.currency), "num amount"),
    cell(entry.gateway, "gateway"),
    cell(entry.chargeId, "id charge"),
    cell(keyCell(entry, retries), "id key"),
    cell(entry.status, "status"),
    cell(entry.actor, "actor"),
    cell(details(entry), "details"),
  );
  return tr;
}

function cell(content, className) {
  const td = document.createElement("td");
  td.className = className;
  if (content instanceof Node) {
    td.append(content);
  } else if (content !== null && content !== undefined) {
    td.textContent = String(content);
  }
  return td;
}

/** The details as one line of JSON; opened, everything else the entry holds beyond the columns. */
function details(entry) {
  const compact = JSON.stringify(entry.details ?? {});
  const more = {
    details: entry.details ?? {},
    tax: entry.tax,
    corrects: entry.corrects,
    prevHash: entry.prevHash,
    hash: entry.hash,
  };
  const box = document.createElement("details");
  const summary = document.createElement("summary");
  const line = document.createElement("span");
  line.className = "compact";
  line.textContent = compact;
  summary.title = compact;
  summary.append(line);
  const full = document.createElement("pre");
  full.textContent = JSON.stringify(more, null, 2);
  box.append(summary, full);
  return box;
}

/** Date and time of day, each kept on one line. */
function localTime(iso) {
  const moment = new Date(iso);
  const date = new Intl.DateTimeFormat(state.language, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(moment);
  const time = new Intl.DateTimeFormat(state.language, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).format(moment);
  return [nowrap(date), " ", nowrap(time)];
}

function nowrap(text) {
  const span = document.createElement("span");
  span.className = "nowrap";
  span.textContent = text;
  return span;
}

function clock(date) {
  return new Intl.DateTimeFormat(state.language, { timeStyle: "medium" }).format(date);
}

function number(value) {
  return new Intl.NumberFormat(state.language).format(value);
}

/** Amounts are in the currency's smallest unit (whole yen for JPY), as the gateways count them. */
function money(amount, currency) {
  if (amount === null || amount === undefined) {
    return null;
  }
  if (!currency) {
    return number(amount);
  }
  try {
    const format = new Intl.NumberFormat(state.language, { style: "currency", currency });
    return format.format(amount / 10 ** format.resolvedOptions().maximumFractionDigits);
  } catch (unknownCurrency) {
    return `${number(amount)} ${currency}`;
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
  const kinds = MESSAGES[state.language].kinds;
  for (const option of $("kind").options) {
    if (option.value) {
      option.textContent = `${kinds[option.value]} (${option.value})`;
    }
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  $("tz-hint").textContent = t("timeZoneHint", zone);
  render();
  renderTotals();
}

function switchLanguage(language) {
  state.language = language;
  storeLanguage(LANGUAGE_KEY, language);
  applyLanguage();
}

// --- wiring --------------------------------------------------------------------------------

function start() {
  for (const kind of Object.keys(MESSAGES.en.kinds)) {
    $("kind").append(new Option(kind, kind));
  }
  $("sign-in-form").addEventListener("submit", onSignIn);
  $("sign-out").addEventListener("click", () => signOut());
  $("verify-again").addEventListener("click", verifyAgain);
  $("filters").addEventListener("submit", (event) => {
    event.preventDefault();
    runSearch();
  });
  $("clear").addEventListener("click", () => $("filters").reset());
  $("download").addEventListener("click", download);
  $("previous").addEventListener("click", () => load(state.page - 1));
  $("next").addEventListener("click", () => load(state.page + 1));
  $("page-size").addEventListener("change", (event) => {
    state.size = Number(event.target.value);
    if (state.query !== null) {
      state.asOf = null;
      load(1);
    }
  });
  for (const button of document.querySelectorAll("[data-lang]")) {
    button.addEventListener("click", () => switchLanguage(button.dataset.lang));
  }
  $("filter-heading").tabIndex = -1;
  applyLanguage();
  $("username").focus();
}

start();
