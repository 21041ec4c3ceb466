# One image for the API and the worker; docker-compose.yml picks the command.
FROM node:20-bookworm-slim

WORKDIR /app
# swagger-ui-dist depends on @scarf/scarf, whose install script would report the download; opt out.
ENV SCARF_ANALYTICS=false

# Manifests first, so a code change does not reinstall every package.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
COPY tests/package.json tests/
# Dev packages stay: tsx runs the TypeScript directly and vite builds the site below.
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build -w frontend \
  && mkdir -p /data/media \
  && chown -R node:node /data

ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
USER node
EXPOSE 3000
CMD ["npx", "tsx", "backend/src/main.ts"]
