# Build stage: compile TypeScript and the registry index (data/registry.msgpack).
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
RUN npm run build && npm prune --omit=dev

# Runtime stage: the compiled service, production dependencies and the index; non-root.
FROM node:20-bookworm-slim
# Large buffers (request bodies, rendered chunks) are mmapped and unmapped when freed, so
# the RSS a burst of large batches grew goes back to the system (glibc otherwise raises its
# mmap threshold and keeps freed memory in its heap).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/dist dist
COPY --from=build --chown=node:node /app/data data
COPY --from=build --chown=node:node /app/src/web/public src/web/public
USER node
EXPOSE 8080
# Asks /healthz where the service listens (HOST and PORT, a wildcard host on loopback).
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "dist/src/server/healthcheck.js"]
CMD ["node", "dist/src/server/main.js"]
