# syntax=docker/dockerfile:1
# Atelier as a container that holds nothing but its binary.
#
#   docker build -t atelier .
#   docker run -d -p 8080:8080 -v atelier-data:/data -e ATELIER_PUBLIC_URL=https://studio.example atelier
#
# The builder makes the same statically linked binary as `just static` (glibc with +crt-static and
# hickory resolving names in Rust, so nothing is loaded at run time); scripts/static-check.sh runs it
# in an empty chroot, which stands in for this image where containers cannot run.

# The two web apps, which the binary embeds: the workspace's pnpm (12) and a Node.js that Vite 8
# runs on (Debian bookworm's Node 18 is too old for it).
FROM node:22-bookworm-slim AS web
RUN npm install -g pnpm@12
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM rust:1-bookworm AS builder
WORKDIR /src
COPY . .
COPY --from=web /src/frontend/apps/public/dist frontend/apps/public/dist
COPY --from=web /src/frontend/apps/admin/dist frontend/apps/admin/dist
# The commit shown by the metrics' build info (`docker build --build-arg ATELIER_GIT_COMMIT=$(git rev-parse --short=12 HEAD)`).
ARG ATELIER_GIT_COMMIT=unknown
ENV ATELIER_GIT_COMMIT=${ATELIER_GIT_COMMIT}
RUN RUSTFLAGS="-C target-feature=+crt-static --cfg getrandom_backend=\"linux_getrandom\"" cargo build --release --locked \
        --target x86_64-unknown-linux-gnu --features otlp,hickory-dns --bin atelier \
    && install -D -m 0755 target/x86_64-unknown-linux-gnu/release/atelier /out/atelier \
    && install -d -m 0700 -o 10001 -g 10001 /out/data

FROM scratch
COPY --from=builder /out/atelier /atelier
# The data folder: the SQLite database, uploads and the generated token secret (owned by the user
# below). With PostgreSQL (DATABASE_URL) and a bucket (ATELIER_S3_*) it holds only the secret, or
# nothing when ATELIER_JWT_SECRET is set.
COPY --from=builder --chown=10001:10001 /out/data /data
USER 10001:10001
ENV ATELIER_HOST=0.0.0.0 \
    ATELIER_PORT=8080 \
    ATELIER_DATA_DIR=/data \
    ATELIER_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
# Serves /metrics on its own port only when ATELIER_METRICS_ADDRESS=0.0.0.0:9464 is set.
EXPOSE 9464
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/atelier", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/atelier"]
CMD ["serve"]
