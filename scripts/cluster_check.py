#!/usr/bin/env python3
"""The checks of scripts/cluster-test.sh, on three running instances behind nginx (standard library
only). Each check prints one line; the first failure stops the run with a message."""

import http.server
import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid

BALANCER = os.environ["CLUSTER_BALANCER"]
INSTANCES = os.environ["CLUSTER_INSTANCES"].split(",")
WORK = os.environ["CLUSTER_WORK"]
PSQL = os.environ["CLUSTER_PSQL"]
HOOK_PORT = int(os.environ["CLUSTER_HOOK_PORT"])
ADMIN = {"email": "admin@cluster.test", "password": "cluster-password-123"}


def request(base, method, path, body=None, token=None, headers=None, raw=None, timeout=10):
    """Answers (status, parsed JSON or bytes); a refused connection is status 0."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(base + path, data=data, method=method)
    if body is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, payload = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, payload = error.code, error.read()
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return 0, None
    try:
        return status, json.loads(payload)
    except ValueError:
        return status, payload


def check(condition, message):
    if not condition:
        raise SystemExit("FAILED: " + message)


def sign_in(base, address="198.51.100.10"):
    status, body = request(base, "POST", "/api/auth/login", ADMIN, headers={"x-forwarded-for": address})
    check(status == 200, f"sign-in through {base}: {status} {body}")
    return body["token"]


def eventually(what, probe, within=1.0):
    """Polls `probe` until it is true; fails after `within` seconds. Answers the time it took."""
    start = time.monotonic()
    while True:
        if probe():
            return time.monotonic() - start
        if time.monotonic() - start > within:
            raise SystemExit(f"FAILED: {what} not within {within} s")
        time.sleep(0.02)


def writes_are_read_everywhere_within_a_second(token):
    a, others = INSTANCES[0], INSTANCES[1:]
    # Warm every instance's response cache with the list, then change it through one.
    for base in INSTANCES:
        check(request(base, "GET", "/api/faqs?limit=100")[0] == 200, "the list answers")
        request(base, "GET", "/api/faqs?limit=100")
    question = f"Read everywhere {uuid.uuid4().hex[:8]}?"
    status, faq = request(a, "POST", "/api/faqs", {"question": question, "answer": "Yes."}, token)
    check(status == 201, f"a FAQ is created: {status} {faq}")
    slowest = 0.0
    for base in others:
        def listed(base=base):
            status, body = request(base, "GET", "/api/faqs?limit=100")
            return status == 200 and any(item["question"] == question for item in body["data"])
        slowest = max(slowest, eventually(f"the new FAQ in {base}'s cached list", listed))
    changed = question.replace("Read", "Changed")
    status, body = request(a, "PUT", f"/api/faqs/{faq['_id']}", {"question": changed, "answer": "Yes.", "version": faq.get("version", 1)}, token)
    check(status == 200, f"the FAQ is changed: {status} {body}")
    for base in others:
        def seen(base=base):
            status, body = request(base, "GET", f"/api/faqs/{faq['_id']}")
            return status == 200 and body["question"] == changed
        slowest = max(slowest, eventually(f"the change through {base}", seen))
    print(f"ok  writes through one instance are read through the others (slowest {slowest * 1000:.0f} ms)")


def multipart(name, filename, content_type, data):
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\ncontent-disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
        f"content-type: {content_type}\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, {"content-type": f"multipart/form-data; boundary={boundary}"}


def an_upload_through_one_is_served_by_all(token):
    pdf = b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n" + uuid.uuid4().hex.encode() + b"\n%%EOF\n"
    body, headers = multipart("files", "brief.pdf", "application/pdf", pdf)
    status, answer = request(INSTANCES[1], "POST", "/api/media", token=token, headers=headers, raw=body)
    check(status == 201, f"an upload: {status} {answer}")
    url = answer["items"][0]["media"]["url"]
    for base in INSTANCES:
        status, served = request(base, "GET", url)
        check(status == 200 and served == pdf, f"{base} serves the upload: {status}")
    print("ok  an upload through one instance is served by all three")


def sign_in_limits_and_sessions_hold_across_instances():
    address = "203.0.113.77"
    wrong = {"email": ADMIN["email"], "password": "not-the-password-1"}
    statuses = [
        request(INSTANCES[i % 3], "POST", "/api/auth/login", wrong, headers={"x-forwarded-for": address})[0]
        for i in range(6)
    ]
    check(statuses[:5] == [401] * 5 and statuses[5] == 429, f"five failures then 429, across instances: {statuses}")
    status, _ = request(INSTANCES[2], "POST", "/api/auth/login", ADMIN, headers={"x-forwarded-for": address})
    check(status == 429, f"the right password from the locked address waits too: {status}")
    token = sign_in(INSTANCES[0], "198.51.100.20")
    for base in INSTANCES:
        status, _ = request(base, "GET", "/api/auth/verify", token=token)
        check(status == 200, f"a session made on one instance holds on {base}: {status}")
    status, _ = request(INSTANCES[1], "POST", "/api/auth/logout", token=token)
    check(status in (200, 204), f"sign-out: {status}")
    for base in INSTANCES:
        status, _ = request(base, "GET", "/api/auth/verify", token=token)
        check(status == 401, f"a session ended on one instance is over on {base}: {status}")
    print("ok  sign-in limits (5 failures then 429) and sessions hold across instances")


class Hooks(http.server.BaseHTTPRequestHandler):
    received = []
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", 0)))
        with Hooks.lock:
            Hooks.received.append((self.headers.get("webhook-id"), json.loads(body)))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def a_scheduled_post_is_published_once(token):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", HOOK_PORT), Hooks)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    hook = {"url": f"http://127.0.0.1:{HOOK_PORT}/hook", "description": "cluster", "events": ["post.published"]}
    status, body = request(INSTANCES[0], "POST", "/api/webhooks", hook, token)
    check(status == 201, f"a webhook: {status} {body}")
    publish_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3))
    title = f"Scheduled {uuid.uuid4().hex[:6]}"
    status, post = request(
        INSTANCES[1], "POST", "/api/blog/posts", {"title": title, "status": "published", "publishAt": publish_at}, token
    )
    check(status == 201, f"a scheduled post: {status} {post}")
    slug = post["slug"]
    check(request(INSTANCES[2], "GET", f"/api/blog/public/posts/slug/{slug}")[0] == 404, "not public before its time")

    def published_everywhere():
        return all(request(base, "GET", f"/api/blog/public/posts/slug/{slug}")[0] == 200 for base in INSTANCES)

    eventually("the scheduled post on every instance", published_everywhere, within=10)

    def announced():
        with Hooks.lock:
            return any(event["data"]["id"] == post["_id"] for _, event in Hooks.received)

    eventually("the post.published webhook", announced, within=15)
    time.sleep(5)  # every instance's worker has looked at least twice since
    with Hooks.lock:
        deliveries = [hook_id for hook_id, event in Hooks.received if event["data"]["id"] == post["_id"]]
    server.shutdown()
    check(len(deliveries) == 1, f"the post is announced once: {deliveries}")
    print("ok  a scheduled post is published on every instance and its webhook fires once")


def kill_one_during_load(token):
    acknowledged, lock = [], threading.Lock()
    failed_reads, reads, stop = [], [0], threading.Event()

    def writer(number):
        count = 0
        while not stop.is_set():
            count += 1
            body = {"question": f"Load {number}-{count}?", "answer": "Yes."}
            status, answer = request(BALANCER, "POST", "/api/faqs", body, token)
            if status == 201:
                with lock:
                    acknowledged.append(answer["_id"])

    def reader():
        while not stop.is_set():
            status, _ = request(BALANCER, "GET", "/api/faqs?limit=5")
            with lock:
                reads[0] += 1
                if status != 200:
                    failed_reads.append(status)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
    threads += [threading.Thread(target=reader) for _ in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    victim = 1
    with open(f"{WORK}/atelier{victim}.pid") as file:
        pid = int(file.read())
    os.kill(pid, signal.SIGKILL)
    killed_at = len(acknowledged)
    time.sleep(3)
    stop.set()
    for thread in threads:
        thread.join()
    check(len(acknowledged) > killed_at, "writes went on after the kill")
    check(not failed_reads, f"every read through nginx answered 200: {len(failed_reads)} of {reads[0]} did not")
    ids = set(acknowledged)
    found = set(PSQL_ROWS("SELECT id FROM faqs"))
    lost = ids - found
    check(not lost, f"no acknowledged write is lost: {len(lost)} missing")
    print(f"ok  one instance killed under load: {len(ids)} acknowledged writes all kept, {reads[0]} reads all answered")
    return victim, acknowledged


def PSQL_ROWS(sql):
    output = subprocess.run(PSQL.split() + [sql], check=True, capture_output=True, text=True).stdout
    return [line.strip() for line in output.splitlines() if line.strip()]


def the_killed_instance_rejoins(victim, acknowledged, token):
    ports = os.environ["CLUSTER_PORTS"].split()
    env = dict(os.environ, ATELIER_PORT=ports[victim], ATELIER_DATA_DIR=f"{WORK}/data{victim}")
    with open(f"{WORK}/atelier{victim}.log", "a") as log:
        process = subprocess.Popen([os.environ["CLUSTER_BINARY"], "serve"], env=env, stdout=log, stderr=log)
    with open(f"{WORK}/atelier{victim}.pid", "w") as file:
        file.write(str(process.pid))
    base = INSTANCES[victim]
    try:
        rejoin_checks(base, acknowledged, token)
    except BaseException:
        process.terminate()
        raise
    print("ok  the killed instance restarts and rejoins")
    return process


def rejoin_checks(base, acknowledged, token):
    eventually("the restarted instance ready", lambda: request(base, "GET", "/api/ready")[0] == 200, within=30)
    for faq_id in acknowledged[-5:]:
        status, _ = request(base, "GET", f"/api/faqs/{faq_id}")
        check(status == 200, f"the rejoined instance reads a write made while it was down: {status}")
    time.sleep(2.5)  # nginx's fail_timeout: the instance is tried again
    question = f"After rejoining {uuid.uuid4().hex[:6]}?"
    status, faq = request(base, "POST", "/api/faqs", {"question": question, "answer": "Yes."}, token)
    check(status == 201, f"the rejoined instance writes: {status}")
    eventually(
        "the rejoined instance's write elsewhere",
        lambda: request(INSTANCES[0], "GET", f"/api/faqs/{faq['_id']}")[0] == 200,
    )
    statuses = [request(BALANCER, "GET", "/api/faqs?limit=1")[0] for _ in range(30)]
    check(all(status == 200 for status in statuses), f"reads through nginx after the rejoin: {statuses}")


def one_backup_per_period():
    # ATELIER_BACKUP_EVERY=1m on all three: each period's backup is written by one of them.
    def written():
        return len(PSQL_ROWS("SELECT slot FROM backup_runs WHERE archive IS NOT NULL")) >= 1

    eventually("a scheduled backup", written, within=90)
    rows = PSQL_ROWS("SELECT slot || '|' || holder || '|' || coalesce(archive, error, 'running') FROM backup_runs")
    slots = [row.split("|")[0] for row in rows]
    check(len(slots) == len(set(slots)), f"one run per period: {rows}")
    finished = [row for row in rows if not row.endswith("|running")]
    check(all("atelier-backup-" in row for row in finished), f"every finished run wrote its archive: {rows}")
    s3 = os.environ["CLUSTER_S3"]
    with urllib.request.urlopen(f"{s3}/atelier-media?list-type=2&prefix=backups/", timeout=10) as response:
        listing = response.read().decode()
    check("backups/atelier-backup-" in listing, f"the backup is in the bucket: {listing[:300]}")
    print(f"ok  scheduled backups: {len(rows)} period(s), each written by one instance to the bucket")


def main():
    token = sign_in(BALANCER)
    writes_are_read_everywhere_within_a_second(token)
    an_upload_through_one_is_served_by_all(token)
    sign_in_limits_and_sessions_hold_across_instances()
    a_scheduled_post_is_published_once(token)
    victim, acknowledged = kill_one_during_load(token)
    process = the_killed_instance_rejoins(victim, acknowledged, token)
    try:
        one_backup_per_period()
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
