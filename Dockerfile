# QBank images (docs/deployment.md, decision 041). Documentation here: the tests run the same
# pieces as local processes. Two targets:
#   docker build --target app   -t qbank-app .     # the Node server (API + pages)
#   docker build --target proxy -t qbank-proxy .   # nginx with the web assets and the site template

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS app
# pg_dump / pg_restore for `npm run backup` and `restore` (decision 047): PGDG's client 16, the
# major version of compose's server (bookworm's own is 15, which refuses to dump a 16 server).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl gnupg \
  && curl -fsSL https://www.postgresql.org/media/keys/ACCC4CF8.asc \
    | gpg --dearmor -o /usr/share/keyrings/pgdg.gpg \
  && echo "deb [signed-by=/usr/share/keyrings/pgdg.gpg] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
    > /etc/apt/sources.list.d/pgdg.list \
  && apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-16 \
  && apt-get purge -y curl gnupg && apt-get autoremove -y \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules node_modules
COPY --from=build /src/packages/contract packages/contract
COPY --from=build /src/apps/server/package.json apps/server/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/server/drizzle apps/server/drizzle
COPY --from=build /src/apps/server/demo apps/server/demo
COPY --from=build /src/apps/server/data-files apps/server/data-files
COPY --from=build /src/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# SIGTERM (docker stop) closes gracefully: requests in flight are answered first.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--initial-old-space-size=256", "apps/server/dist/server.js"]

FROM debian:bookworm-slim AS proxy
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static gettext-base \
  && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default
COPY --from=build /src/apps/web/dist /srv/qbank/web
COPY deploy/nginx/qbank.conf.template /etc/nginx/templates/qbank.conf.template
ENV QBANK_PORT=80 QBANK_APP_1=app1:3000 QBANK_APP_2=app2:3000 QBANK_WEB_ROOT=/srv/qbank/web
EXPOSE 80
STOPSIGNAL SIGQUIT
# Debian's nginx.conf loads the brotli module (modules-enabled) and includes conf.d/*.conf.
CMD ["sh", "-c", "envsubst '$QBANK_PORT $QBANK_APP_1 $QBANK_APP_2 $QBANK_WEB_ROOT' < /etc/nginx/templates/qbank.conf.template > /etc/nginx/conf.d/qbank.conf && exec nginx -g 'daemon off;'"]
