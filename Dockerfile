# One image for both roles: `node server/dist/main.js` (API + sockets) and `node worker/dist/main.js`.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json tsconfig.json biome.json ./
COPY shared/package.json shared/
COPY shared/node/package.json shared/node/
COPY worker/package.json worker/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY shared shared
COPY worker worker
COPY server server
COPY web web
COPY scripts scripts
RUN npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/shared/node/package.json shared/node/
COPY --from=build /app/shared/node/dist shared/node/dist
COPY --from=build /app/worker/package.json worker/
COPY --from=build /app/worker/dist worker/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
