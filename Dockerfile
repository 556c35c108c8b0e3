# syntax=docker/dockerfile:1
# Build stage: compile native modules (better-sqlite3) with the toolchain, production deps only;
# npm ci's `prepare` script also builds the web console into web/dist (esbuild and Preact are
# production dependencies for that reason), so its sources and build script come first.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY scripts/build-web.mjs ./scripts/
COPY web ./web
RUN npm ci --omit=dev --no-audit --no-fund

# Compile stage: the server's TypeScript to JavaScript in dist/ (scripts/build-server.mjs, esbuild
# from the deps stage). The compiled server idles smaller than one run through tsx.
FROM deps AS compile
COPY scripts/build-server.mjs ./scripts/
COPY bin ./bin
COPY src ./src
COPY plugins ./plugins
RUN node scripts/build-server.mjs

# Runtime stage: no compiler, non-root user, data under /app/data (mount a volume there for SQLite).
FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/web/dist ./web/dist
COPY --from=compile /app/dist ./dist
COPY package.json tsconfig.json mikro-orm.config.ts ./
COPY src ./src
COPY plugins ./plugins
COPY catalog ./catalog
COPY bin ./bin
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# As `npm start`: the compiled server, its young generation sized for CPU and idle memory (see README).
CMD ["node", "--max-semi-space-size=16", "dist/bin/server.js"]
