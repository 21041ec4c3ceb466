import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// Machines without Docker's compose plugin (CI among them) cannot read the file the way production does.
const hasCompose = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;

/** What `docker compose` itself makes of docker-compose.yml, with only the given settings. */
function composeConfig(settings: Record<string, string>) {
  const { PATH, HOME } = process.env;
  return spawnSync('docker', ['compose', '--env-file', '/dev/null', 'config', '--format', 'json'], {
    cwd: root,
    env: { PATH, HOME, ...settings },
    encoding: 'utf8',
  });
}

describe('production topology (docker-compose.yml)', () => {
  it.skipIf(!hasCompose)('runs PostgreSQL, Redis, the API and the worker, each watched by a health check', () => {
    const result = composeConfig({ POSTGRES_PASSWORD: 'a-long-secret' });
    expect(result.stderr).not.toMatch(/error/i);
    const { services } = JSON.parse(result.stdout);
    expect(Object.keys(services).sort()).toEqual(['api', 'postgres', 'redis', 'worker']);

    expect(services.postgres.image).toBe('postgres:17');
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.redis.image).toBe('redis:7');
    expect(services.redis.command).toEqual(['redis-server', '--appendonly', 'yes']);
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);

    const { api, worker } = services;
    expect(api.healthcheck.test.join(' ')).toContain('http://127.0.0.1:3000/api/health/');
    expect(api.ports[0]).toMatchObject({ target: 3000, published: '3000' });
    for (const service of [api, worker]) {
      expect(service.environment).toMatchObject({
        DATABASE_URL: 'postgres://gather:a-long-secret@postgres:5432/gather',
        REDIS_URL: 'redis://redis:6379',
        PUBLIC_URL: 'http://localhost:3000',
        MEDIA_DIR: '/data/media',
      });
      expect(service.volumes).toContainEqual(expect.objectContaining({ source: 'media', target: '/data/media' }));
      expect(service.depends_on.postgres.condition).toBe('service_healthy');
      expect(service.depends_on.redis.condition).toBe('service_healthy');
    }
    expect(worker.command).toEqual(['npx', 'tsx', 'worker/src/main.ts']);
    expect(worker.depends_on.api.condition).toBe('service_healthy');
  });

  it.skipIf(!hasCompose)('refuses to start without a database password', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('set POSTGRES_PASSWORD in .env');
  });
});
