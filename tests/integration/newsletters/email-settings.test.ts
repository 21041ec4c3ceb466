import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '@gather/server/platform/config';
import { ensureDatabase } from '@gather/server/platform/local-services/embedded-postgres';
import { mailSettings } from '@gather/server/platform/mail/settings';
import { UnsubscribeLinks } from '@gather/server/features/newsletters/unsubscribe';
import { LinkSigner, siteSecret } from '@gather/server/platform/signed-links';
import { startStack } from '@gather/server/platform/stack';
import { Mailer } from '@gather/server/platform/mail/mailer';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('the local SMTP sink', () => {
  it('keeps mail as .eml files under DATA_DIR/mail when SMTP_URL is unset, and stops with the stack', async () => {
    const adminUrl = inject('postgresAdminUrl');
    const database = `gather_test_${randomBytes(6).toString('hex')}`;
    await ensureDatabase(adminUrl, database);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-sink-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${database}`),
      REDIS_URL: inject('redisUrl'),
    });
    expect(config.SMTP_URL).toBeUndefined();

    const stack = await startStack(config, pino({ level: 'silent' }));
    const smtpUrl = stack.ctx.config.SMTP_URL;
    expect(smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const mailer = new Mailer(stack.ctx.config);
    const settings = mailSettings(stack.ctx.config);
    await mailer.send({
      to: { name: 'Lydia', address: 'lydia@example.org' },
      from: settings.from,
      subject: 'Kept locally',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    mailer.close();

    const files = await fs.readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const saved = await fs.readFile(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(saved).toContain('Subject: Kept locally');
    expect(saved).toContain('To: Lydia <lydia@example.org>');

    await stack.stop();
    expect(await refused(Number(new URL(smtpUrl!).port))).toBe(true);
  });
});

describe("the site's signing secret (UNSUBSCRIBE_SECRET)", () => {
  it('is made once and kept under DATA_DIR, so links outlive a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-secret-'));
    dirs.push(dataDir);
    const first = siteSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(siteSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    const stat = await fs.stat(path.join(dataDir, 'secrets', 'unsubscribe.key'));
    expect(stat.mode & 0o077).toBe(0);

    const settings = { publicUrl: 'https://church.example', notifyAddress: 'office@church.example' };
    const link = new UnsubscribeLinks(new LinkSigner(first), settings).linksFor('Ruth@Example.org');
    const token = new URL(link.url).searchParams.get('token')!;
    const afterRestart = new UnsubscribeLinks(new LinkSigner(siteSecret(loadConfig({ DATA_DIR: dataDir }))), settings);
    expect(afterRestart.verify('ruth@example.org', token)).toBe(true);
    expect(afterRestart.verify('someone@example.org', token)).toBe(false);
  });

  it('comes from UNSUBSCRIBE_SECRET when set, and production refuses to start without it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gather-secret-'));
    dirs.push(dataDir);
    const secret = 'x'.repeat(40);
    expect(siteSecret(loadConfig({ DATA_DIR: dataDir, UNSUBSCRIBE_SECRET: secret }))).toBe(secret);
    const production = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://gatherchurch.org',
    });
    expect(() => siteSecret(production)).toThrow(ConfigError);
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrow(/UNSUBSCRIBE_SECRET/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });
});
