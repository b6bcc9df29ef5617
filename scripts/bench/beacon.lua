-- wrk script: one of the peers' calls with the public pages' beacon mixed in, as visitors send it:
-- after every BENCH_READS_PER_VIEW (10) reads of BENCH_PATH, one `POST /api/views` from a desktop
-- browser naming a post's page, each view from another visitor (the user agent's build number
-- changes), so every flush counts new views towards the post's view count. BENCH_READS_PER_VIEW=0
-- sends reads only: the same client's work without the views, which scripts/bench-peers.sh compares
-- with. Each thread counts its own requests; `done` prints the reads' share of the requests a second
-- and how many views were sent.
local path = os.getenv("BENCH_PATH")
local reads_per_view = tonumber(os.getenv("BENCH_READS_PER_VIEW") or "10")
local body = '{"path":"/blog/050-release-typography-result","referrer":"news.example.com","language":"en-GB"}'
local read
sent = 0 -- a global: `done` reads each thread's own with thread:get

local threads = {}
function setup(thread)
    table.insert(threads, thread)
    thread:set("id", #threads)
end

function init(args)
    read = wrk.format("GET", path)
end

function request()
    sent = sent + 1
    if reads_per_view == 0 or sent % (reads_per_view + 1) ~= 0 then return read end
    local agent = string.format(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.%d.%d.0 Safari/537.36",
        id or 0, sent)
    return wrk.format("POST", "/api/views", { ["Content-Type"] = "application/json", ["User-Agent"] = agent }, body)
end

function done(summary, latency, requests)
    local seconds = summary.duration / 1000000
    local reads, views = summary.requests, 0
    if reads_per_view > 0 then
        reads = summary.requests * reads_per_view / (reads_per_view + 1)
        for _, thread in ipairs(threads) do
            views = views + math.floor((thread:get("sent") or 0) / (reads_per_view + 1))
        end
    end
    io.write(string.format("reads/s %d\nviews %d\n", math.floor(reads / seconds), views))
end
