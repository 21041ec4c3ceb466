import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../platform/errors.js';
import type { MediaStorage } from '../../platform/media/storage.js';
import { cleanFilename, type ReceivedUpload } from '../../platform/media/upload.js';
import { OWNER_KEY, type UnfinishedUploads } from './unfinished-uploads.js';

/** The tus `Upload-Metadata`, decoded: a value is null when only its key was sent. */
export type UploadMetadata = Record<string, string | null>;

export interface ResumableRules {
  /**
   * Checks a new upload before its first byte: its declared size and its metadata. Throws an AppError to refuse;
   * nothing is then written.
   */
  start(size: number, metadata: UploadMetadata): Promise<void>;
  /**
   * Saves a finished upload as the multipart call's `use` does (moving the file in keeps it); the answer goes
   * back as JSON in the last request's response. The file is removed afterwards whatever happened. `caller` is
   * that last request, for what the multipart call reads from its own (the guest's device cookie).
   */
  finish(upload: ReceivedUpload, metadata: UploadMetadata, caller: Caller): Promise<unknown>;
}

/** The Express request and answer behind the request tus handles. */
export interface Caller {
  req: Request;
  res: Response;
}

type TusError = { status_code: number; body: string };

/**
 * Resumable uploads with the tus protocol: a visitor on weak Wi-Fi continues where a dropped connection left
 * off. Pieces are appended to a file in the media folder's temporary area (so finishing is a rename); an
 * upload nobody continues is swept with the other day-old temporary files (MediaStorage.removeStaleIncoming).
 */
export class ResumableUploads {
  private server?: Promise<Server>;
  private readonly callers = new WeakMap<globalThis.Request, Caller>();

  constructor(
    private readonly storage: MediaStorage,
    /** The protocol's root, e.g. `/api/uploads/resumable/`; an upload's address is this plus its id. */
    private readonly root: string,
    private readonly rules: ResumableRules,
    private readonly unfinished: UnfinishedUploads,
    private readonly log: Logger,
  ) {}

  readonly handle = async (req: Request, res: Response): Promise<void> => {
    const server = await (this.server ??= this.createServer());
    const request = webRequest(req);
    this.callers.set(request, { req, res });
    const answer = await server.handleWeb(request);
    res.writeHead(answer.status, [...answer.headers].flat());
    res.end(Buffer.from(await answer.arrayBuffer()));
  };

  /** Made on first use, so a site that never receives a resumable upload has no folder for them. */
  private async createServer(): Promise<Server> {
    const folder = await this.storage.resumableFolder();
    return new Server({
      path: this.root.replace(/\/$/, ''),
      relativeLocation: true,
      // The upload page is served by this site; tus would otherwise let any other site's pages upload here too.
      allowedOrigins: () => false,
      // Expiry is by the day-old sweep, which counts from an upload's last piece rather than from its start.
      datastore: new PieceStore({ directory: folder }),
      onUploadCreate: async (request, upload) => {
        // A size told only at the end could not be checked against the collection's limit before the bytes.
        if (upload.size === undefined) {
          throw AppError.badRequest('Send the file size (Upload-Length) when the upload starts.');
        }
        await this.storage.ensureRoomForUploads();
        const { [OWNER_KEY]: _claimed, ...metadata } = upload.metadata ?? {};
        await this.rules.start(upload.size, metadata);
        const owner = this.unfinished.ownerOf(this.callers.get(request)!.req.ip ?? 'unknown');
        await this.unfinished.ensureRoomFor(folder, owner, upload.size);
        return { metadata: { ...metadata, [OWNER_KEY]: owner } };
      },
      onUploadFinish: async (request, upload) => {
        const answer = await this.finish(folder, upload, this.callers.get(request)!);
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(answer) };
      },
      onResponseError: (_req, error) => this.asTusError(error),
    });
  }

  private async finish(folder: string, upload: Upload, caller: Caller): Promise<unknown> {
    const file = path.join(folder, upload.id);
    const metadata = upload.metadata ?? {};
    try {
      return await this.rules.finish(
        { path: file, size: upload.size ?? 0, originalFilename: cleanFilename(metadata.filename ?? ''), fields: {} },
        metadata,
        caller,
      );
    } finally {
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.json`, { force: true });
    }
  }

  /** Our refusals keep their status and carry the same JSON as the API's other answers; tus's own pass as they are. */
  private asTusError(error: Error | TusError): TusError | undefined {
    if (error instanceof AppError) return { status_code: error.status, body: JSON.stringify(error.body) };
    if ('status_code' in error) return undefined;
    // The page tries again; the pieces are gone (see finish), so it sends the file again from its start.
    if (isDatabaseUnavailable(error)) {
      this.log.warn({ err: error }, 'database unavailable; resumable upload answered 503');
      return { status_code: 503, body: JSON.stringify({ detail: DATABASE_UNAVAILABLE }) };
    }
    this.log.error({ err: error }, 'resumable upload failed');
    return { status_code: 500, body: JSON.stringify({ detail: 'The upload could not be saved. Please try again.' }) };
  }
}

/**
 * The request as tus reads it, made here rather than by tus's own Node adapter (`server.handle`): this body hands
 * on the socket's chunks one at a time, only as tus asks for them, which kept the API's RSS lower in the ingest
 * bench. A dropped connection errors the body, which tus answers as an aborted piece (what was written stays).
 */
function webRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`;
  const hasBody = req.method === 'POST' || req.method === 'PATCH';
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    body: hasBody ? pulledBody(req) : null,
    duplex: 'half',
  } as RequestInit);
}

function pulledBody(req: Request): ReadableStream<Uint8Array> {
  const chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => void req.destroy(),
    },
    { highWaterMark: 0 },
  );
}

/** Bytes gathered before each write to disk: at 16 KB (the default) a 100 MB file is thousands of writes. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * tus's FileStore, writing each piece straight to its file in large batches (and without the byte-counting
 * step it adds): the ingest bench (bench/upload-ingest.ts) found the default write path the slowest part.
 */
class PieceStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const target = path.join(this.directory, id);
    // As FileStore's own check: an id names a file in the folder, nothing beside or above it.
    if (path.dirname(target) !== path.resolve(this.directory)) throw ERRORS.FILE_NOT_FOUND;
    const file = createWriteStream(target, { flags: 'r+', start: offset, highWaterMark: WRITE_BATCH_BYTES });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}
