import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { root } from '../../support/clone.js';
import { eventually } from '../../support/eventually.js';

const run = promisify(execFile);
const readme = () => fs.readFile(path.join(root, 'README.md'), 'utf8');

/**
 * Compose v2 (`docker compose`) where the machine has it, else the Compose 1.29 that Debian and Ubuntu package
 * (`docker-compose`): the README names both, and the compose file must work with either.
 */
export const composeCommand: string[] = !spawnSync('docker', ['compose', 'version']).status
  ? ['docker', 'compose']
  : ['docker-compose'];

/** Where containers reach this machine: its address on Docker's default bridge (docker0). */
export function dockerHostAddress(): string {
  // Node lists only interfaces that are up, and docker0 is down while no container uses it: ask iproute2.
  const shown = spawnSync('ip', ['-4', '-o', 'addr', 'show', 'docker0']).stdout?.toString() ?? '';
  const address = /inet (\d+\.\d+\.\d+\.\d+)\//.exec(shown)?.[1];
  if (!address) throw new Error('This machine has no docker0 bridge: is the Docker engine running here?');
  return address;
}

/** Fails at once, saying what to install, where the machine has no Docker engine answering. */
export function requireDocker(): void {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}']);
  if (info.status !== 0) {
    throw new Error(
      'The deploy tests run the Docker deploy for real and need a Docker engine with Compose ' +
        '(`apt-get install docker.io docker-compose`, then start dockerd).',
    );
  }
}

/**
 * The .env a volunteer writes by the README: .env.example copied, its required lines filled in, and any other
 * setting changed by removing its `# ` and giving a value.
 */
export async function writeDotEnv(dir: string, values: Record<string, string>): Promise<void> {
  let text = await fs.readFile(path.join(dir, '.env.example'), 'utf8');
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^(# )?${name}=.*$`, 'm');
    expect(text, `.env.example offers ${name}`).toMatch(line);
    text = text.replace(line, `${name}=${value}`);
  }
  await fs.writeFile(path.join(dir, '.env'), text);
}

export interface CommandOutput {
  stdout: string;
  stderr: string;
}

/** One deployment: a folder with docker-compose.yml and .env, under a project name of its own. */
export class Deployment {
  readonly project = `gather-test-${randomBytes(4).toString('hex')}`;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Runs `docker compose <args>` as the README writes it (the test checks that it does). `-T` is added to
   * `exec` and `run`: the README's commands are typed at a terminal, the test has none.
   */
  async readmeStep(command: string, options: { timeout?: number } = {}): Promise<CommandOutput> {
    await this.readmeSays(command);
    const args = command.replace(/^docker compose /, '').split(' ');
    if (args[0] === 'exec' || args[0] === 'run') args.splice(1, 0, '-T');
    return this.compose(args, options).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await this.whatHappened()}`, { cause: error });
    });
  }

  /** The services' states and their last log lines, for a failure's message. */
  async whatHappened(): Promise<string> {
    const ps = await this.compose(['ps']).catch((error: Error) => ({ stdout: error.message }));
    const logs = await this.compose(['logs', '--no-color', '--tail', '60']).catch((error: Error) => ({
      stdout: error.message,
    }));
    return `${ps.stdout}\n${logs.stdout}`;
  }

  /** A command the test runs with its own values where the README's has a placeholder: the README must say it. */
  async readmeSays(command: string): Promise<void> {
    expect(await readme(), `the README says \`${command}\``).toContain(command);
  }

  compose(args: string[], options: { timeout?: number } = {}): Promise<CommandOutput> {
    const [command, ...prefix] = composeCommand;
    return this.run(command!, [...prefix, ...args], options);
  }

  docker(args: string[], options: { timeout?: number } = {}): Promise<CommandOutput> {
    return this.run('docker', args, options);
  }

  private async run(command: string, args: string[], { timeout = 15 * 60_000 } = {}): Promise<CommandOutput> {
    try {
      return await run(command, args, {
        cwd: this.dir,
        // The test's own project name, so it never touches a real deployment called gather on this machine.
        env: { ...process.env, COMPOSE_PROJECT_NAME: this.project },
        timeout,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      const failed = error as Error & CommandOutput;
      throw new Error(`${command} ${args.join(' ')} failed: ${failed.message}\n${failed.stdout}\n${failed.stderr}`, {
        cause: error,
      });
    }
  }

  /** The container of a service (the first, where several run). */
  async container(service: string): Promise<string> {
    const { stdout } = await this.compose(['ps', '-q', service]);
    const id = stdout.trim().split('\n')[0];
    if (!id) throw new Error(`no container runs ${service}`);
    return id;
  }

  async inspect(service: string, format: string): Promise<string> {
    const { stdout } = await run('docker', ['inspect', '-f', format, await this.container(service)]);
    return stdout.trim();
  }

  /** Waits until every running service with a health check says healthy, and every one-off job exited 0. */
  async healthy(services: string[], ms = 5 * 60_000): Promise<void> {
    await eventually(
      async () => {
        for (const service of services) {
          const state = await this.inspect(
            service,
            '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}',
          );
          if (state !== 'running healthy') return false;
        }
        return true;
      },
      `${services.join(', ')} healthy`,
      ms,
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await this.whatHappened()}`, { cause: error });
    });
  }

  async logs(service: string): Promise<string> {
    return (await this.compose(['logs', '--no-color', service])).stdout;
  }

  /** Runs a command inside a running service's container. */
  async exec(service: string, command: string[]): Promise<CommandOutput> {
    return this.compose(['exec', '-T', service, ...command]);
  }

  /** Everything this deployment made: containers, networks and volumes. */
  async remove(): Promise<void> {
    await this.compose(['--profile', 'scale', 'down', '-v', '--remove-orphans'], { timeout: 5 * 60_000 });
  }
}
