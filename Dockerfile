# syntax=docker/dockerfile:1
# docchat: one stateless app instance. See docs/deploy.md (single machine, or several instances
# with PostgreSQL and S3-compatible storage; compose.yaml runs the latter).

FROM node:24-bookworm-slim AS base
WORKDIR /app
# No outbound network is assumed at run time; Next would otherwise send telemetry.
ENV NEXT_TELEMETRY_DISABLED=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# The same steps as CI (.ci/run): npm ci, then the build script of package.json.
FROM base AS build
COPY package.json package-lock.json ./
# npm 11 runs only the install scripts package.json "allowScripts" approves.
RUN npm ci
COPY . .
RUN npm run build && rm -rf .next/cache

# Production dependencies only, from the same lockfile.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
# tsx is a devDependency, but `npm run user:create` and `npm run storage:migrate` need it; the
# version is read from package.json so it stays the one the lockfile tests.
COPY package.json ./
RUN npm install -g "tsx@$(node -p 'require("./package.json").devDependencies.tsx')" \
 && npm cache clean --force
COPY --from=prod-deps /app/node_modules ./node_modules
# The sources stay beside the build: workers (database, parsing, exports) and migrations are
# loaded from lib/ at run time.
COPY . .
COPY --from=build --chown=node:node /app/.next ./.next
# scripts/start.mjs rebuilds when a source looks newer than the build. These are the very sources
# the build stage built, so mark the build current rather than building at every start.
RUN touch .next/BUILD_ID \
 && mkdir -p /app/data \
 && chown node:node /app/data

USER node
VOLUME /app/data
EXPOSE 3000
# No curl in the slim image: Node's own fetch. /api/health answers 503 when the database or the
# file storage does not.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start adds the V8 heap options of package.json; SIGTERM reaches the server, which finishes
# the job in hand (at most 10 s) and closes the database.
CMD ["npm", "start"]
