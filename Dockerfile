# Build stage: compile TypeScript and the registry index (data/registry.msgpack), then stage
# the runtime tree: production packages only, native binaries for this platform and Node
# ABI only, no tests or benchmarks (src/image/stage-runtime.ts; npm test serves from one).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json vitest.config.ts ./
COPY src src
COPY workers workers
COPY data/ieee data/ieee
COPY bench bench
COPY test test
RUN npm run build && node dist/src/image/stage-runtime.js /runtime && mv /runtime/data /runtime-data

# Runtime stage: the staged tree, owned by root and read-only to the service, which runs as
# `node`; only data/ (the registry the updater replaces) is the service's to write.
FROM node:20-bookworm-slim
# Large buffers (request bodies, rendered chunks) are mmapped and unmapped when freed, so
# the RSS a burst of large batches grew goes back to the system (glibc otherwise raises its
# mmap threshold and keeps freed memory in its heap).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /runtime ./
COPY --from=build --chown=node:node /runtime-data data
USER node
EXPOSE 8080
# Asks /healthz where the service listens (HOST and PORT, a wildcard host on loopback).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "dist/src/server/healthcheck.js"]
CMD ["node", "dist/src/server/main.js"]
