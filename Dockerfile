# Flowlearn: one stateless app server. Several of them run behind a proxy on one PostgreSQL and one
# S3-compatible store (see compose.yaml and docs/deploy.md).

# Node 22 LTS: Node 20 has had no security fixes since 30 April 2026 (docs/deploy.md, Node.js versions).
# --- build: install everything, build the PWA and the server bundle, then keep runtime packages only
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: non-root, the built client inside, migrations applied at start
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SEED_DEMO=false
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src/server/db/migrations ./src/server/db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
# Liveness: the process answers and its database is up (503 otherwise).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the server stops accepting, lets requests in flight finish (10 s at most), then exits.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=32", "dist/server/main.mjs"]
