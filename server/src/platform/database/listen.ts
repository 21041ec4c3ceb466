import type pg from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = 1000;

export interface Listening {
  stop(): void;
}

/**
 * LISTENs on a channel with a connection of its own for as long as the process runs. A lost
 * connection (a database restart, say) is made again; `onListening` runs each time listening
 * (re)starts, because what was announced while nobody listened is gone.
 */
export function listen(
  pool: pg.Pool,
  channel: string,
  handlers: { onNotification(payload: string): void; onListening(): void },
  log: Logger,
): Listening {
  let client: pg.PoolClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS);
  };
  const drop = (lost: pg.PoolClient, error?: Error) => {
    if (client !== lost) return;
    client = undefined;
    lost.release(true);
    if (error && !stopped) log.warn({ err: error.message, channel }, 'database listener lost; listening again');
    retry();
  };
  const connect = async () => {
    let connecting: pg.PoolClient | undefined;
    try {
      connecting = await pool.connect();
      const current = connecting;
      client = current;
      current.on('notification', (message) => {
        if (message.channel === channel) handlers.onNotification(message.payload ?? '');
      });
      current.on('error', (error) => drop(current, error));
      current.on('end', () => drop(current));
      await current.query(`listen ${current.escapeIdentifier(channel)}`);
      if (stopped) return drop(current);
      handlers.onListening();
    } catch (error) {
      if (connecting) drop(connecting, error as Error);
      else {
        log.warn({ err: (error as Error).message, channel }, 'database listener cannot connect; trying again');
        retry();
      }
    }
  };

  void connect();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      if (client) drop(client);
    },
  };
}
