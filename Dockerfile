# One image for the API and the worker; docker-compose.yml picks the command.

# Build stage: every package, to build the pages.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# swagger-ui-dist depends on @scarf/scarf, whose install script would report the download; opt out.
ENV SCARF_ANALYTICS=false
# Manifests first, so a code change does not reinstall every package.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY frontend/package.json frontend/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w frontend

# What runs: the API's and the worker's runtime packages only (tsx among them), no build or test tools, on the
# active LTS of Node.
FROM node:24-bookworm-slim
# ffmpeg makes video thumbnails, removes location data from uploaded videos and makes iPhone videos playable;
# libheif-examples (heif-convert) decodes iPhone HEIC photos, which sharp's own libvips cannot.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg libheif-examples \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/server/package.json server/
COPY --from=build /app/frontend/package.json frontend/
COPY --from=build /app/tests/package.json tests/
RUN npm ci --omit=dev --workspace=contracts --workspace=server --no-audit --no-fund \
  && npm cache clean --force
COPY contracts contracts
COPY server server
COPY --from=build /app/frontend/dist frontend/dist
# A named volume starts as a copy of the folder it is mounted on, owner included: the node user must own them.
RUN mkdir -p /data/media /backups && chown -R node:node /data /backups

# Two glibc malloc arenas instead of eight per core: libvips' threads otherwise each keep freed photo memory in
# an arena of their own, and the process (the API runs the worker on the embedded default) only grows.
# A 16 MB young generation: V8 sizes it from the host's memory, up to 64 MB a half on a large host, and an API
# holding 5,000 phones then peaks near 600 MB instead of 430 MB, for no CPU it saves (the sunday bench).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=16
USER node
EXPOSE 3000
# node itself is the container's main process (under compose's init), so Docker's stop signal reaches it.
CMD ["node", "--import", "tsx", "server/src/entry/all.ts"]
