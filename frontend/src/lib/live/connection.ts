import type {
  AudienceClientEvents,
  AudienceMessages,
  JoinAck,
  StaffClientEvents,
  StaffServerEvents,
} from '@gather/contracts';
import { GATHERED_AUDIENCE_EVENTS, LIVE_NAMESPACES } from '@gather/contracts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { pageSettled } from '../page-settled';

interface LiveNamespaces {
  staff: { listen: StaffServerEvents; emit: StaffClientEvents };
  audience: { listen: AudienceMessages; emit: AudienceClientEvents };
}
export type LiveNamespace = keyof LiveNamespaces;
export type LiveSocket<N extends LiveNamespace> = Socket<LiveNamespaces[N]['listen'], LiveNamespaces[N]['emit']>;

/**
 * `connecting` until the first connection is made or fails: after that, any time without a
 * connection is `offline`, since the page then relies on polling.
 */
export type ConnectionState = 'connected' | 'connecting' | 'offline';

export type JoinResult = Parameters<JoinAck>[0];
export type RoomStatus = { state: 'joining' } | { state: 'joined' } | { state: 'refused'; error: string };

/** How to enter and leave one room of a namespace; `key` names it, as the server's `liveRooms` do. */
export interface RoomDefinition<N extends LiveNamespace> {
  key: string;
  join(socket: LiveSocket<N>, ack: JoinAck): void;
  leave?(socket: LiveSocket<N>): void;
}

/** Told each time the room is joined; `recovered` means nothing pushed was missed since the last time. */
export type OnJoined = (recovered: boolean) => void;

export interface LiveConnectionOptions {
  /** The API's origin; the page's own by default. */
  url?: string;
  /**
   * For a namespace without leave events: disconnect once no room is followed, so a socket is only
   * ever in the rooms the page follows now.
   */
  disconnectWhenIdle?: boolean;
  socket?: Partial<ManagerOptions & SocketOptions>;
}

interface FollowedRoom<N extends LiveNamespace> {
  definition: RoomDefinition<N>;
  followers: Set<OnJoined>;
  status: RoomStatus;
  /** Joined on the connection that was just lost: only such a room can be recovered. */
  wasJoined: boolean;
}

const JOINING: RoomStatus = { state: 'joining' };

/** How long a join may go unanswered before it is asked again. */
export const JOIN_ANSWER_MS = 5_000;

/** A reconnection of a few seconds is worth waiting for during a live service; longer is polled around. */
const RECONNECTION = { reconnectionDelay: 1_000, reconnectionDelayMax: 10_000, randomizationFactor: 0.5 };

/** What a page listens to on its socket; listeners may be added before the socket exists. */
export type LiveEvents<N extends LiveNamespace> = Pick<LiveSocket<N>, 'on' | 'off'>;
type AnyListener = (...args: unknown[]) => void;

/**
 * One socket of one namespace, its connection state for React, and the rooms the page follows.
 * Rooms are counted, so two components following the same room share one membership, and they are
 * joined again on every connection: a fresh connection starts in no room.
 */
export class LiveConnection<N extends LiveNamespace> {
  private socket: LiveSocket<N> | undefined;
  private opening: Promise<void> | undefined;
  /** Listeners given through `events`, handed to the socket when it is made. */
  private readonly eventListeners = new Map<string, Set<AnyListener>>();
  private state: ConnectionState = 'connecting';
  private readonly listeners = new Set<() => void>();
  private readonly rooms = new Map<string, FollowedRoom<N>>();
  /** Acks from an earlier connection are stale: the room is joined again on the new one. */
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** Something followed a room since the socket was last closed on purpose. */
  private wanted = false;
  private readonly droppedListeners = new Set<() => void>();

  constructor(
    private readonly namespace: N,
    private readonly options: LiveConnectionOptions = {},
  ) {}

  /** Typed as the socket's own `on` and `off`; the listeners are kept untyped here. */
  readonly events = {
    on: (event: string, listener: AnyListener) => {
      const listeners = this.eventListeners.get(event) ?? new Set();
      this.eventListeners.set(event, listeners.add(listener));
      this.untypedSocket()?.on(event, listener);
    },
    off: (event: string, listener: AnyListener) => {
      this.eventListeners.get(event)?.delete(listener);
      this.untypedSocket()?.off(event, listener);
    },
  } as unknown as LiveEvents<N>;

  private untypedSocket(): Socket | undefined {
    return this.socket as unknown as Socket | undefined;
  }

  /**
   * Made by the first room followed: a page that follows nothing needs no socket, nor its code.
   * socket.io-client is no part of what a page loads first (a sixth of a public page's code): until the
   * page has settled it shows what the server drew, and polls where it would poll while offline.
   */
  private open(): Promise<void> {
    this.opening ??= pageSettled()
      .then(() => import('socket.io-client'))
      .then(({ io }) => {
        const path = LIVE_NAMESPACES[this.namespace];
        const socket: LiveSocket<N> = io(this.options.url ? new URL(path, this.options.url).href : path, {
          withCredentials: true,
          ...RECONNECTION,
          ...this.options.socket,
          autoConnect: false,
        });
        // Reserved events are typed the same for every namespace; this view of the socket sees only those.
        const reserved = socket as unknown as Socket;
        reserved.on('connect', () => this.connected());
        reserved.on('disconnect', () => this.lost());
        reserved.on('connect_error', () => this.lost());
        for (const [event, listeners] of this.eventListeners)
          for (const listener of listeners) reserved.on(event, listener);
        // A room's events that left together come as one message: each is handled as if it had come alone.
        reserved.on(GATHERED_AUDIENCE_EVENTS, (events: Array<[string, unknown]>) => {
          for (const [event, payload] of events) {
            for (const listener of [...(this.eventListeners.get(event) ?? [])]) listener(payload);
          }
        });
        this.socket = socket;
        if (this.wanted) socket.connect();
      });
    return this.opening;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ConnectionState => this.state;

  /**
   * Told each time the server closes this socket or refuses it, as it does when a staff session ends elsewhere;
   * never for a dropped network, which socket.io reconnects by itself.
   */
  onDropped(listener: () => void): () => void {
    this.droppedListeners.add(listener);
    return () => this.droppedListeners.delete(listener);
  }

  roomStatus(key: string): RoomStatus {
    return this.rooms.get(key)?.status ?? JOINING;
  }

  /** Follows a room until the returned function is called. */
  follow(definition: RoomDefinition<N>, onJoined: OnJoined): () => void {
    let room = this.rooms.get(definition.key);
    if (!room) {
      room = { definition, followers: new Set(), status: JOINING, wasJoined: false };
      this.rooms.set(definition.key, room);
      if (this.socket?.connected) this.join(room, false);
    }
    room.followers.add(onJoined);
    this.wanted = true;
    if (!this.socket) void this.open();
    else if (!this.socket.active) this.socket.connect();
    const followed = room;
    return () => this.unfollow(followed, onJoined);
  }

  /** Disconnects until a room is followed again. */
  close(): void {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    this.socket?.disconnect();
  }

  private unfollow(room: FollowedRoom<N>, onJoined: OnJoined): void {
    room.followers.delete(onJoined);
    if (room.followers.size > 0 || this.rooms.get(room.definition.key) !== room) return;
    this.rooms.delete(room.definition.key);
    if (this.socket?.connected && room.status.state === 'joined') room.definition.leave?.(this.socket);
    if (this.options.disconnectWhenIdle && this.rooms.size === 0) this.close();
    this.notify();
  }

  private connected(): void {
    this.generation += 1;
    this.retries = 0;
    this.state = 'connected';
    this.notify();
    const recovered = this.socket?.recovered ?? false;
    for (const room of this.rooms.values()) this.join(room, recovered && room.wasJoined);
  }

  /**
   * Asks the server to join the room, and asks again every JOIN_ANSWER_MS until it answers: a join
   * lost on the way (a server busy or restarting) must not leave the room silently unfollowed while
   * the socket says connected. The first answer counts.
   */
  private join(room: FollowedRoom<N>, recovered: boolean): void {
    const socket = this.socket;
    if (!socket) return;
    const generation = this.generation;
    let answered = false;
    const current = () => generation === this.generation && this.rooms.get(room.definition.key) === room;
    const ask = () => {
      const again = setTimeout(() => {
        if (!answered && current() && socket.connected) ask();
      }, JOIN_ANSWER_MS);
      room.definition.join(socket, (result) => {
        clearTimeout(again);
        if (answered || generation !== this.generation) return;
        answered = true;
        if (this.rooms.get(room.definition.key) !== room) {
          // Left while the server was still deciding: leave again now that the join has happened.
          if (result.ok) room.definition.leave?.(socket);
          return;
        }
        room.status = result.ok ? { state: 'joined' } : { state: 'refused', error: result.error };
        room.wasJoined = result.ok;
        this.notify();
        if (result.ok) for (const onJoined of room.followers) onJoined(recovered);
      });
    };
    ask();
  }

  private lost(): void {
    for (const room of this.rooms.values()) room.status = JOINING;
    this.state = 'offline';
    // socket.io reconnects by itself after a dropped connection, but not after the server refused or
    // dropped this socket (signed out, or its sign-in check failed for a moment): that is retried here.
    if (!this.socket?.active && this.wanted && this.rooms.size > 0) this.retryLater();
    this.notify();
    if (!this.socket?.active && this.wanted) for (const listener of this.droppedListeners) listener();
  }

  private retryLater(): void {
    clearTimeout(this.retryTimer);
    const { reconnectionDelay, reconnectionDelayMax } = { ...RECONNECTION, ...this.options.socket };
    const delay = Math.min(reconnectionDelay * 2 ** this.retries, reconnectionDelayMax);
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      if (this.wanted && this.socket && !this.socket.active) this.socket.connect();
    }, delay);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
