# syntax=docker/dockerfile:1
# Build: docker build -t claimcheck .        (.dockerignore keeps the context to the build inputs)
# Run:   docker run --stop-timeout 30 -e SHUTDOWN_GRACE=25s -p 8080:8080 -v claimcheck-data:/data claimcheck
#
# Stopping: `docker stop` sends STOPSIGNAL (SIGTERM) and kills the container after its stop timeout,
# 10 s unless `docker run --stop-timeout N` (compose: stop_grace_period) says otherwise. In-flight
# verifications get SHUTDOWN_GRACE to finish, so the image sets SHUTDOWN_GRACE=8s to fit Docker's
# default; raise both together (compose.yaml: 25s and 30s), the stop timeout always the larger.

FROM oven/bun:1.4.5 AS build
WORKDIR /src
COPY package.json bun.lock ./
# bun install applies the dependency patches (package.json "patchedDependencies"): copy them first
COPY .patches ./.patches
RUN bun install --frozen-lockfile
COPY tsconfig.json bunfig.toml ./
COPY src ./src
RUN bun run build && ./dist/claimcheck --version

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 claimcheck \
 && useradd --system --uid 10001 --gid claimcheck --home-dir /data --shell /usr/sbin/nologin claimcheck \
 && mkdir -p /data && chown claimcheck:claimcheck /data && chmod 0700 /data
COPY --from=build /src/dist/claimcheck /usr/local/bin/claimcheck
USER claimcheck:claimcheck
ENV DATA_DIR=/data PORT=8080 HOST=0.0.0.0 SHUTDOWN_GRACE=8s
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["claimcheck", "healthcheck"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["claimcheck"]
CMD ["serve"]
