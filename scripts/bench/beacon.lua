-- wrk script: one of the peers' calls with the public pages' beacon mixed in, as visitors send it:
-- after every BENCH_READS_PER_VIEW (10) reads of BENCH_PATH, one `POST /api/views` from a desktop
-- browser naming a post's page, each view from another visitor (the user agent's build number
-- changes), so every flush counts new views towards the post's view count. Each thread counts its own
-- requests; `done` prints the reads' share of the requests a second, which scripts/bench-peers.sh
-- compares with the call alone.
local path = os.getenv("BENCH_PATH")
local reads_per_view = tonumber(os.getenv("BENCH_READS_PER_VIEW") or "10")
local body = '{"path":"/blog/050-release-typography-result","referrer":"news.example.com","language":"en-GB"}'
local read
local sent = 0

local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("id", threads)
end

function init(args)
    read = wrk.format("GET", path)
end

function request()
    sent = sent + 1
    if sent % (reads_per_view + 1) ~= 0 then return read end
    local agent = string.format(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.%d.%d.0 Safari/537.36",
        id or 0, sent)
    return wrk.format("POST", "/api/views", { ["Content-Type"] = "application/json", ["User-Agent"] = agent }, body)
end

function done(summary, latency, requests)
    local seconds = summary.duration / 1000000
    local reads = summary.requests * reads_per_view / (reads_per_view + 1)
    io.write(string.format("reads/s %d\n", math.floor(reads / seconds)))
end
