# Both stages run Debian 13 (trixie) and Debian's own nodejs (20.19.2+dfsg, patched by Debian's
# security team in trixie-security): upstream Node.js 20 is end-of-life, and this is the Node.js
# whose ABI the native uWS build serves on (the fast engine). `apt-get upgrade` takes the
# security updates; rebuild the image to take new ones. test/rootfs.test.ts runs the staged
# tree on this runtime in a debootstrapped trixie, without a container engine.

# Build stage: compile TypeScript and the registry index (data/registry.msgpack), then stage
# the runtime tree: production packages only, native binaries for this platform and Node ABI
# only, no tests or benchmarks, and a CycloneDX SBOM of what ships (src/image/stage-runtime.ts).
# .npmrc keeps dependencies' install scripts from running (none is needed).
FROM debian:trixie-slim AS build
RUN apt-get update && apt-get upgrade -y \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json vitest.config.ts ./
COPY src src
COPY workers workers
COPY scripts scripts
COPY data/ieee data/ieee
COPY data/mac-ages data/mac-ages
COPY bench bench
COPY test test
RUN npm run build && node dist/src/image/stage-runtime.js /runtime && mv /runtime/data /runtime-data

# Runtime stage: Debian's nodejs and the CA certificates (the updater downloads over HTTPS),
# then the staged tree, owned by root and read-only to the service, which runs as `node`
# (uid 1000); only data/ (the registry the updater replaces) is the service's to write.
FROM debian:trixie-slim
RUN apt-get update && apt-get upgrade -y \
 && apt-get install -y --no-install-recommends nodejs ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --user-group --no-create-home --home-dir /app --shell /usr/sbin/nologin node
# Large buffers (request bodies, rendered chunks) are mmapped and unmapped when freed, so
# the RSS a burst of large batches grew goes back to the system (glibc otherwise raises its
# mmap threshold and keeps freed memory in its heap).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /runtime ./
COPY --from=build --chown=node:node /runtime-data data
USER node
EXPOSE 8080
# Asks /healthz where the service listens (HOST, and ADMIN_PORT or PORT; a wildcard host on loopback).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "dist/src/server/healthcheck.js"]
CMD ["node", "dist/src/server/main.js"]
