-- GET <BENCH_PREFIX><id><BENCH_SUFFIX> for ids picked at random from the file BENCH_IDS, with
-- the key BENCH_KEY as bearer (no Authorization header when BENCH_KEY is empty: the 401 path).
local key = os.getenv("BENCH_KEY") or ""
local prefix = os.getenv("BENCH_PREFIX") or ""
local suffix = os.getenv("BENCH_SUFFIX") or ""
local ids = {}
for line in io.lines(os.getenv("BENCH_IDS")) do ids[#ids + 1] = line end
local headers = {}
if key ~= "" then headers["Authorization"] = "Bearer " .. key end
local accept = os.getenv("BENCH_ACCEPT")
if accept then headers["Accept"] = accept end

function request()
  return wrk.format("GET", prefix .. ids[math.random(#ids)] .. suffix, headers)
end
