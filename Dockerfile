# Staff Console as a container image (docs/operations.md). Build once, run the build:
#   docker build --build-arg GIT_COMMIT=$(git rev-parse HEAD) -t staff-console .
#   docker run -p 8080:8080 -v staff-console-data:/data \
#     -e SECRET_KEY=… -e ALLOWED_HOSTS=console.example.com staff-console
# Stage 1 builds the panel and the server with every dependency; stage 2 installs only the
# production dependencies; the image runs as the unprivileged `node` user with the SQLite data
# (or nothing, with DATABASE_URL) under /data.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles from source where its prebuilt binary cannot be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The commit GET /version reports (the build context holds no .git).
ARG GIT_COMMIT=
ENV GIT_COMMIT=${GIT_COMMIT}
RUN npm run build

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    APP_ENV=production \
    DATA_DIR=/data \
    PORT=8080
WORKDIR /app
COPY --from=production-dependencies --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/dist-server ./dist-server
COPY --from=build --chown=root:root /app/scripts/launch.mjs ./scripts/launch.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm, so `docker stop`'s SIGTERM reaches the server, which drains its requests
# (SHUTDOWN_DRAIN_SECONDS) and exits; give `docker stop --time` more than the drain.
CMD ["node", "dist-server/main.js"]
