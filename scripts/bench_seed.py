#!/usr/bin/env python3
"""Seeds blog posts into a running Atelier through its own API, as an administrator would.

    bench_seed.py BASE_URL EMAIL PASSWORD posts.json      # the posts of a file (the peers' workload)
    bench_seed.py BASE_URL EMAIL PASSWORD posts.json N    # N posts, cycling through the file's texts

Each post keeps its title, slug, excerpt, markdown and author; its `created_at` becomes its publish
time, so the blog orders them as the file does. Prints how many were stored and how long it took.
"""

import json
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def posts(source, count):
    for index in range(count):
        post = source[index % len(source)]
        lap = index // len(source)
        suffix = "" if lap == 0 else f"-{lap}"
        yield {
            "title": post["title"] + ("" if lap == 0 else f" ({lap})"),
            "slug": post["slug"] + suffix,
            "excerpt": post["excerpt"],
            "content": post["content"],
            "authorName": post["author_name"],
            "status": post["status"],
            "publishAt": post["created_at"],
        }


def main():
    base, email, password, path = sys.argv[1:5]
    with open(path, encoding="utf-8") as file:
        source = json.load(file)
    count = int(sys.argv[5]) if len(sys.argv) > 5 else len(source)
    token = call(base, "POST", "/api/auth/login", {"email": email, "password": password})["token"]
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda post: call(base, "POST", "/api/blog/posts", post, token), posts(source, count)))
    print(f"seeded {count} posts in {time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
