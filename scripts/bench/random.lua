-- wrk script: random addresses of a large blog, so that most requests miss the response cache.
--   BENCH_MODE   slug (a post by slug, API) | list (a page of the public list, API) |
--                page (a post's HTML page) | mix (the three in turn at random)
--   BENCH_SLUGS  a file of the published posts' slugs, one a line
--   BENCH_LIST_PAGES  how many pages of BENCH_LIST_LIMIT (6) posts the public list has
local mode = os.getenv("BENCH_MODE") or "slug"
local limit = tonumber(os.getenv("BENCH_LIST_LIMIT") or "6")
local pages = tonumber(os.getenv("BENCH_LIST_PAGES") or "1")
local slugs = {}
for line in io.lines(os.getenv("BENCH_SLUGS")) do
    if line ~= "" then slugs[#slugs + 1] = line end
end

local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("id", threads)
end

function init(args)
    math.randomseed(os.time() * 1000 + (id or 0))
end

local kinds = { "slug", "list", "page" }
function request()
    local kind = mode
    if kind == "mix" then kind = kinds[math.random(3)] end
    local path
    if kind == "list" then
        path = "/api/blog/public/posts?page=" .. math.random(pages) .. "&limit=" .. limit .. "&status=published"
    elseif kind == "page" then
        path = "/blog/" .. slugs[math.random(#slugs)]
    else
        path = "/api/blog/public/posts/slug/" .. slugs[math.random(#slugs)]
    end
    return wrk.format("GET", path)
end
