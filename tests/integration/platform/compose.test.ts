import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, SETTING_NAMES } from '@gather/server/platform/config';

const root = path.resolve(import.meta.dirname, '../../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** Compose's own `${NAME}`, `${NAME:-default}` and `${NAME:?error}` substitution, from the .env file. */
function interpolate(value: string, dotEnv: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (dotEnv[name]) return dotEnv[name];
    if (kind === '?') throw new Error(rest);
    return kind === '-' ? rest! : '';
  });
}

/** What a service's process sees: its env_file (the .env), overridden by its `environment`. */
function environmentOf(service: string, dotEnv: Record<string, string>): Record<string, string> {
  const { env_file: envFile, environment } = compose.services[service];
  expect([envFile].flat()).toContain('.env');
  const overrides = Object.entries(environment as Record<string, string>).map(([name, value]) => [
    name,
    interpolate(String(value), dotEnv),
  ]);
  return { ...dotEnv, ...Object.fromEntries(overrides) };
}

/** Where compose's services are, and the image's own paths: the deployment's, not the operator's. */
const deployment: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://gather:a-long-secret@postgres:5432/gather',
  REDIS_URL: 'redis://redis:6379',
  DATA_DIR: '/data',
  MEDIA_DIR: '/data/media',
  HOST: '0.0.0.0',
  PORT: '3000',
  RUN_WORKER: 'false',
};

/** The backup service writes into its own volume. */
const backupDeployment: Record<string, string> = { BACKUP_DIR: '/backups' };

describe('production topology (docker-compose.yml)', () => {
  it('gives the API and the worker every setting of the .env file, apart from where the services are', () => {
    const dotEnv = Object.fromEntries(SETTING_NAMES.map((name) => [name, `from-env-file-${name}`]));
    dotEnv.POSTGRES_PASSWORD = 'a-long-secret';
    for (const service of ['api', 'worker', 'backup']) {
      const seen = environmentOf(service, dotEnv);
      for (const name of SETTING_NAMES) {
        expect({ service, name, value: seen[name] }).toEqual({
          service,
          name,
          value:
            (service === 'backup' ? backupDeployment[name] : undefined) ?? deployment[name] ?? `from-env-file-${name}`,
        });
      }
    }
  });

  it('refuses to start without a database password, PUBLIC_URL, SMTP_URL or UNSUBSCRIBE_SECRET', () => {
    const complete = {
      POSTGRES_PASSWORD: 'a-long-secret',
      PUBLIC_URL: 'https://gatherchurch.org',
      SMTP_URL: 'smtp://mail.example.org:587',
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    };
    expect(environmentOf('api', complete).PUBLIC_URL).toBe('https://gatherchurch.org');
    expect(() => environmentOf('api', { ...complete, POSTGRES_PASSWORD: '' })).toThrow('set POSTGRES_PASSWORD in .env');
    expect(() => environmentOf('worker', { ...complete, PUBLIC_URL: '' })).toThrow('set PUBLIC_URL in .env');
    expect(() => environmentOf('api', { ...complete, SMTP_URL: '' })).toThrow('set SMTP_URL in .env');
    expect(() => environmentOf('api', { ...complete, UNSUBSCRIBE_SECRET: '' })).toThrow('set UNSUBSCRIBE_SECRET');
    // A new site starts empty unless asked for the demo content.
    expect(environmentOf('api', complete).SEED_DEMO_CONTENT).toBe('false');
  });

  it('runs PostgreSQL, Redis, the API and the worker, each watched by a health check', () => {
    const { services } = compose;
    const always = Object.keys(services).filter((name) => !services[name].profiles);
    expect(always.sort()).toEqual(['api', 'backup', 'postgres', 'redis', 'worker']);
    expect(services.postgres.image).toBe('postgres:17');
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.redis.image).toBe('redis:7');
    expect(services.redis.command).toEqual(['redis-server', '--appendonly', 'yes']);
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);

    const { api, worker } = services;
    expect(api.healthcheck.test.join(' ')).toContain('http://127.0.0.1:3000/api/health/');
    // Published on this machine only: visitors reach it through the TLS proxy.
    expect(api.ports.map((port: string) => interpolate(port, {}))).toEqual(['127.0.0.1:3000:3000']);
    expect(api.ports.map((port: string) => interpolate(port, { GATHER_PORT: '8080' }))).toEqual([
      '127.0.0.1:8080:3000',
    ]);
    expect(worker.healthcheck.test).toEqual([
      'CMD',
      'node',
      '--import',
      'tsx',
      'server/src/entry/worker-health-check.ts',
    ]);
    for (const service of [api, worker]) {
      expect(service.volumes).toContain('media:/data/media');
      expect(service.depends_on.postgres.condition).toBe('service_healthy');
      expect(service.depends_on.redis.condition).toBe('service_healthy');
    }
    expect(worker.depends_on.api.condition).toBe('service_healthy');
  });

  it('backs up nightly into a volume of its own, keeping the last 14 unless BACKUP_KEEP says otherwise', () => {
    const { backup } = compose.services;
    expect(backup.command).toEqual(['node', '--import', 'tsx', 'server/src/cli/backup-nightly.ts']);
    expect(backup.volumes).toEqual(['media:/data/media:ro', 'backups:/backups']);
    expect(Object.keys(compose.volumes)).toContain('backups');
    expect(backup.depends_on.postgres.condition).toBe('service_healthy');
    const complete = {
      POSTGRES_PASSWORD: 'a-long-secret',
      PUBLIC_URL: 'https://gatherchurch.org',
      SMTP_URL: 'smtp://mail.example.org:587',
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(environmentOf('backup', complete)).BACKUP_KEEP).toBe(14);
    expect(loadConfig(environmentOf('backup', { ...complete, BACKUP_KEEP: '30' })).BACKUP_KEEP).toBe(30);
  });

  it('runs node itself, not npm or npx, and gives the worker time to finish a zip or a video on stop', () => {
    expect(compose.services.worker.command).toEqual(['node', '--import', 'tsx', 'server/src/entry/worker.ts']);
    for (const api of ['api', 'api-2']) {
      expect(compose.services[api].command).toEqual(['node', '--import', 'tsx', 'server/src/entry/api.ts']);
    }
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "server\/src\/entry\/all.ts"\]$/m);
    const [, amount, unit] = /^(\d+)(m|s)$/.exec(compose.services.worker.stop_grace_period)!;
    expect(Number(amount) * (unit === 'm' ? 60 : 1)).toBeGreaterThanOrEqual(300);
  });

  it('builds an image with ffmpeg and without the build and test tools', () => {
    const [build, final] = dockerfile.split(/^FROM /m).slice(1);
    expect(build).toContain('npm run build -w frontend');
    expect(final).toMatch(/apt-get install[^\n]*ffmpeg/);
    expect(final).toMatch(/npm ci --omit=dev/);
    expect(final).toContain('COPY --from=build /app/frontend/dist frontend/dist');
    expect(final).toMatch(/^USER node$/m);
  });

  it('grows with the scale profile: a second API, an S3-compatible media store and a proxy over both APIs', () => {
    const { services } = compose;
    const scaled = Object.keys(services).filter((name) => services[name].profiles?.includes('scale'));
    expect(scaled.sort()).toEqual(['api-2', 'api-proxy', 'media-bucket', 'media-store']);
    const dotEnv = {
      POSTGRES_PASSWORD: 'a-long-secret',
      PUBLIC_URL: 'https://gatherchurch.org',
      SMTP_URL: 'smtp://mail.example.org:587',
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
      MEDIA_STORAGE_URL: 's3://gather-media?endpoint=http://media-store:9000&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'gather',
      AWS_SECRET_ACCESS_KEY: 'a-long-store-secret',
    };
    // Every process sees the same database, Redis and media store; none but the worker runs jobs.
    for (const service of ['api', 'api-2', 'worker']) {
      const seen = environmentOf(service, dotEnv);
      expect({ service, ...seen }).toMatchObject({
        service,
        DATABASE_URL: deployment.DATABASE_URL,
        REDIS_URL: deployment.REDIS_URL,
        MEDIA_STORAGE_URL: dotEnv.MEDIA_STORAGE_URL,
        AWS_ACCESS_KEY_ID: 'gather',
        RUN_WORKER: 'false',
      });
    }
    expect(services['api-2'].depends_on.api.condition).toBe('service_healthy');
    expect(services['api-2'].depends_on['media-bucket'].condition).toBe('service_completed_successfully');
    expect(services['media-store'].image).toMatch(/^minio\/minio/);
    expect(interpolate(services['media-store'].environment.MINIO_ROOT_PASSWORD, dotEnv)).toBe('a-long-store-secret');
    expect(services['media-bucket'].entrypoint.join(' ')).toContain('mc mb --ignore-existing store/gather-media');
    // Both APIs behind the proxy, a visitor always to the same one (resumable uploads wait on its disk).
    const [mounted] = services['api-proxy'].volumes as string[];
    const [source, target] = mounted!.split(':');
    expect(target).toBe('/etc/nginx/conf.d/default.conf');
    const proxy = readFileSync(path.join(root, source!), 'utf8');
    expect(proxy).toContain('server api:3000');
    expect(proxy).toContain('server api-2:3000');
    expect(proxy).toMatch(/hash \$http_x_forwarded_for/);
    expect(services['api-proxy'].ports.map((port: string) => interpolate(port, {}))).toEqual(['127.0.0.1:3001:80']);
  });

  it('works on the Compose 1.29 that Debian and Ubuntu package: no top-level name, no inline configs', () => {
    expect(Object.keys(compose).sort()).toEqual([
      'networks',
      'services',
      'volumes',
      'x-gather',
      'x-gather-env',
      'x-logging',
    ]);
    for (const [name, service] of Object.entries(compose.services as Record<string, { configs?: unknown }>)) {
      expect({ name, configs: service.configs }).toEqual({ name, configs: undefined });
    }
    // The project's name, and so its volumes' names, come from .env.
    expect(readFileSync(path.join(root, '.env.example'), 'utf8')).toMatch(/^COMPOSE_PROJECT_NAME=gather$/m);
  });

  it("caps every service's log, so a year of logs cannot fill the disk", () => {
    for (const [name, service] of Object.entries(compose.services as Record<string, { logging?: object }>)) {
      if (name === 'media-bucket') continue; // a one-off job that prints two lines
      expect({ name, logging: service.logging }).toEqual({
        name,
        logging: { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } },
      });
    }
  });

  it('offers every setting a church sets in .env.example, the required ones first and empty', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const offered = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    // Compose's own: the project's name, the published ports, the database's password.
    const composeOwn = ['COMPOSE_PROJECT_NAME', 'GATHER_PORT', 'GATHER_SCALE_PORT', 'POSTGRES_PASSWORD'];
    const aws = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
    expect(offered.filter((name) => !SETTING_NAMES.includes(name) && ![...composeOwn, ...aws].includes(name))).toEqual(
      [],
    );
    // What compose sets itself, and what only tests and the embedded default change.
    const notTheChurchs = [
      ...Object.keys(deployment),
      ...Object.keys(backupDeployment),
      'QUEUE_PREFIX',
      'FRONTEND_DIR',
      'SERVE_FRONTEND',
      'OUTBOX_RECHECK_MS',
      'JOB_BACKOFF_MS',
      'WORKER_LOCK_MS',
      'UPLOAD_DIGEST_SECONDS',
    ];
    expect(SETTING_NAMES.filter((name) => !offered.includes(name) && !notTheChurchs.includes(name))).toEqual([]);
    const required = ['POSTGRES_PASSWORD', 'PUBLIC_URL', 'SMTP_URL', 'UNSUBSCRIBE_SECRET'];
    expect(offered.slice(0, 4)).toEqual(required);
    for (const name of required) expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
  });
});
