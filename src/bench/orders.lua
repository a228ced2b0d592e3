-- wrk script for src/bench/bench.sh: POST an order, with a fresh Idempotency-Key on every request
-- (a repeated key would be a replay, which is far cheaper and would flatter the layer).
--
-- wrk <options> -s src/bench/orders.lua <url> -- <mode> <run-id> <sku,sku,...> <user:password>
--   mode    fresh:    POST /api/orders, a new key each time
--           baseline: POST /api/bench/orders, no key
--           replay:   POST /api/orders cycling over 100 keys per thread with the same body each
--                     time, so all but the first 100 are replays (for the warm-up)
--           echo, echo-replay: the same two to POST /api/bench/echo, an @Idempotent endpoint that
--                     does nothing but answer; echo-replay sends only replays once a run with the
--                     same run-id has completed its keys
--           noop:     POST /api/bench/noop, no key: the same HTTP, security and JAX-RS, no layer
--           insert, insert-plain: POST /api/bench/insert (@Idempotent, a new key each time) and
--                     POST /api/bench/insert-plain (no layer), both one INSERT: the Spring peer's
--                     measured work, with its body
--           peer-insert, peer-insert-plain: the same to the Spring peer itself (bench.sh section
--                     8): POST /orders (idempotency4j, a new key each time), POST /baseline/orders
--   run-id  keeps keys apart across runs against the same database

local threads = {}

function setup(thread)
  -- Each wrk thread has its own Lua state; a thread number keeps their keys apart.
  thread:set("thread_no", #threads + 1)
  table.insert(threads, thread)
end

local mode, path, run_id, skus, authorization
local counter = 0

-- Base64 for the Basic credentials: wrk's Lua has no library for it.
local function base64(s)
  local alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  return ((s:gsub(".", function(c)
    local bits, byte = "", c:byte()
    for i = 8, 1, -1 do bits = bits .. (byte % 2 ^ i - byte % 2 ^ (i - 1) > 0 and "1" or "0") end
    return bits
  end) .. "0000"):gsub("%d%d%d?%d?%d?%d?", function(bits)
    if #bits < 6 then return "" end
    local n = 0
    for i = 1, 6 do n = n + (bits:sub(i, i) == "1" and 2 ^ (6 - i) or 0) end
    return alphabet:sub(n + 1, n + 1)
  end) .. ({ "", "==", "=" })[#s % 3 + 1])
end

function init(args)
  mode = args[1] or "fresh"
  local paths = {
    baseline = "/api/bench/orders", echo = "/api/bench/echo", ["echo-replay"] = "/api/bench/echo",
    noop = "/api/bench/noop", insert = "/api/bench/insert", ["insert-plain"] = "/api/bench/insert-plain",
    ["peer-insert"] = "/orders", ["peer-insert-plain"] = "/baseline/orders",
  }
  path = paths[mode] or "/api/orders"
  run_id = args[2] or tostring(os.time())
  skus = {}
  for sku in string.gmatch(args[3] or "BENCH-1", "[^,]+") do table.insert(skus, sku) end
  authorization = "Basic " .. base64(args[4] or "shop-a:shop-a-secret")
  math.randomseed(os.time() + thread_no * 7919)
end

function request()
  counter = counter + 1
  local headers = {
    ["Authorization"] = authorization,
    ["Content-Type"] = "application/json",
  }
  -- Several SKUs, so that orders do not all queue on one stock row's lock.
  local sku = skus[math.random(#skus)]
  if mode == "fresh" or mode == "echo" or mode == "insert" or mode == "peer-insert" then
    headers["Idempotency-Key"] = string.format("wrk-%s-%d-%d", run_id, thread_no, counter)
  elseif mode == "replay" or mode == "echo-replay" then
    local n = counter % 100
    headers["Idempotency-Key"] = string.format("wrk-%s-%d-r%d", run_id, thread_no, n)
    sku = skus[n % #skus + 1] -- a replay must repeat the body exactly
  end
  -- The echo gets the order's body too: the layer reads and fingerprints it all the same.
  local body = string.format(
    '{"customer":"bench","items":[{"sku":"%s","quantity":1}],"currency":"JPY"}', sku)
  if mode == "insert" or mode == "insert-plain" or mode == "peer-insert" or mode == "peer-insert-plain" then
    body = '{"customer":"bench","sku":"BENCH-07","quantity":1,"amount":1200}' -- the peer's, as it is
  end
  return wrk.format("POST", path, headers, body)
end

-- One machine-readable line for bench.sh; wrk's own report goes to the log.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRK requests=%d duration_us=%d rps=%.1f non2xx=%d socket_errors=%d p50_us=%d p99_us=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
