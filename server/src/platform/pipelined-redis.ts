import type { Redis } from 'ioredis';

const pipelined = new WeakMap<Redis, Redis>();

/**
 * A second connection beside `redis`, for the congregation's many small commands (a vote's share of its address):
 * every command issued in one turn of the event loop goes in one write (ioredis auto-pipelining), where a busy
 * Sunday's hundreds a second would each be a write of their own (the sunday bench). Kept apart from `redis`, which
 * BullMQ also uses and where pipelining is not safe; one per connection, closed when that one is.
 */
export function pipelinedRedis(redis: Redis): Redis {
  let connection = pipelined.get(redis);
  if (!connection) {
    const made = redis.duplicate({ enableAutoPipelining: true });
    // Its problems are the main connection's, which reports them.
    made.on('error', () => undefined);
    redis.once('end', () => made.disconnect());
    pipelined.set(redis, made);
    connection = made;
  }
  return connection;
}
