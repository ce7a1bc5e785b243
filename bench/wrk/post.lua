-- POST /orders or POST /properties (BENCH_KIND: order, test-order or property) with a new
-- street and a new Idempotency-Key each time; stops each thread after BENCH_PER_THREAD
-- answers when that is set (a fixed-size load). Orders name one of 100 requesters by
-- external_id (created on first use, updated after).
local key = os.getenv("BENCH_KEY")
local kind = os.getenv("BENCH_KIND")
local per_thread = tonumber(os.getenv("BENCH_PER_THREAD") or "0")
-- Streets and Idempotency-Keys begin with BENCH_RUN, by default this run's start in
-- seconds: a later run must not repeat them, or the service answers its requests as replays.
local run = os.getenv("BENCH_RUN") or tostring(os.time())
local threads = {}

function setup(thread)
  thread:set("thread_number", #threads + 1)
  threads[#threads + 1] = thread
end

local sent, answered = 0, 0

local function order_body(n, serial, live)
  local applicant = '"applicant":{"email":"applicant' .. n .. '@example.com","first_name":"Jamie","last_name":"Rivera",'
    .. '"ssn":"123-45-' .. string.format("%04d", serial % 9999 + 1) .. '","dob":"1990-07-14"'
  if live then applicant = applicant .. ',"phone_number":"(512) 555-0142"' end
  return '{"order":{"package":"essential",'
    .. '"property":{"street":"' .. n .. ' Bench Street","city":"Austin","state":"TX","zipcode":"78701"},'
    .. applicant .. '},'
    .. '"original_requester":{"external_id":"landlord-' .. (serial % 100) .. '","type":"business","name":"Sunrise Property Group LLC",'
    .. '"email":"leasing@sunrise.example"},'
    .. '"add_on_products":["identity_verification"]}}'
end

function request()
  sent = sent + 1
  local n = run .. thread_number .. string.format("%07d", sent)
  local path, body
  if kind == "property" then
    path, body = "/properties", '{"property":{"street":"' .. n .. ' Bench Street","city":"Austin","state":"TX","zipcode":"78701"}}'
  else
    path, body = "/orders", order_body(n, sent, kind == "order")
  end
  return wrk.format("POST", path, {["Authorization"] = "Bearer " .. key, ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = "bench-" .. n}, body)
end

function response(status, headers, body)
  answered = answered + 1
  if per_thread > 0 and answered >= per_thread then wrk.thread:stop() end
end
