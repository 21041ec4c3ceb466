import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` or `npm run restore` as a volunteer would, with only the settings given. */
export async function gatherCommand(
  command: 'backup' | 'restore' | 'backup-nightly',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const { DATABASE_URL: _database, MEDIA_DIR: _media, DATA_DIR: _data, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${command}.ts`, ...args],
      {
        env: { ...inherited, LOG_LEVEL: 'silent', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Every table's row count and a digest of its rows, and every sequence's value: equal databases match. */
export async function databaseFingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const fingerprint: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const answer = await client.query<{ rows: number; digest: string | null }>(
        `select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as digest from "${name}" t`,
      );
      fingerprint[name] = `${answer.rows[0]!.rows} rows ${answer.rows[0]!.digest ?? ''}`;
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    for (const { name, value } of sequences.rows) fingerprint[`sequence ${name}`] = value ?? 'unused';
    return fingerprint;
  } finally {
    await client.end();
  }
}

/** Every file under a media folder with its SHA-256 (resumable uploads in progress aside). */
export async function mediaFingerprint(root: string): Promise<Record<string, string>> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const fingerprint: Record<string, string> = {};
  for (const entry of entries.filter((each) => each.isFile())) {
    const file = path.relative(root, path.join(entry.parentPath, entry.name));
    if (file.startsWith('.incoming')) continue;
    fingerprint[file] = createHash('sha256')
      .update(await fs.readFile(path.join(root, file)))
      .digest('hex');
  }
  return fingerprint;
}
