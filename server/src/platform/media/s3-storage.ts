import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Location } from '../config.js';
import { checkedPath, MediaStorage, MissingMedia, type LocalCopy, type StoredFile } from './storage.js';

/** What the API answers a /media request with when it streams from the store itself. */
export interface StoredRange {
  body: Readable;
  status: 200 | 206;
  length: number;
  contentRange?: string;
}

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Media in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …), so any number of API and worker
 * processes on any machines see the same files. Credentials come from the usual AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY. Large files go up in parts (lib-storage's Upload), so memory stays flat.
 */
export class S3MediaStorage extends MediaStorage {
  readonly client: S3Client;

  constructor(
    private readonly location: S3Location,
    scratchRoot: string,
  ) {
    super(scratchRoot);
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
    });
  }

  private key(relativePath: string): string {
    return this.location.prefix + checkedPath(relativePath);
  }

  async write(relativePath: string, content: Buffer | Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.key(relativePath), Body: content },
    });
    await upload.done();
  }

  async moveIn(temporaryFile: string, relativePath: string): Promise<void> {
    await this.write(relativePath, createReadStream(temporaryFile));
    await fs.rm(temporaryFile, { force: true });
  }

  async read(relativePath: string): Promise<Readable> {
    return (await this.get(relativePath)).body;
  }

  /** The bytes of one file, or of the part a browser asked for with a Range header (S3 reads the header itself). */
  async get(relativePath: string, range?: string): Promise<StoredRange> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(relativePath), Range: range }),
      );
      return {
        body: answer.Body as Readable,
        status: answer.ContentRange ? 206 : 200,
        length: answer.ContentLength ?? 0,
        contentRange: answer.ContentRange,
      };
    } catch (error) {
      throw isMissing(error) ? new MissingMedia(relativePath) : error;
    }
  }

  /** A short-lived address the browser fetches the file from directly, with the headers /media would send. */
  signedUrl(relativePath: string, headers: { contentType: string; disposition?: string }): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.location.bucket,
      Key: this.key(relativePath),
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: headers.disposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: SIGNED_URL_SECONDS });
  }

  async size(relativePath: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(relativePath) }),
      );
      return head.ContentLength;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async *list(prefix = ''): AsyncIterable<StoredFile> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.location.bucket, Prefix: this.location.prefix + prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { path: object.Key.slice(this.location.prefix.length), size: object.Size ?? 0 };
      }
    }
  }

  async remove(...relativePaths: Array<string | null | undefined>): Promise<void> {
    const keys = relativePaths.filter((p): p is string => Boolean(p)).map((p) => this.key(p));
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.location.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async removeFolder(relativeFolder: string): Promise<void> {
    const paths: string[] = [];
    for await (const file of this.list(`${checkedPath(relativeFolder)}/`)) paths.push(file.path);
    await this.remove(...paths);
  }

  /** Downloaded into the temporary folder; released, the copy goes. */
  async localCopy(relativePath: string): Promise<LocalCopy> {
    const file = path.join(await this.temporaryFolder(), `${randomUUID()}${path.posix.extname(relativePath)}`);
    try {
      await pipeline(await this.read(relativePath), createWriteStream(file));
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
    return { path: file, release: () => fs.rm(file, { force: true }) };
  }
}

/** Long enough for a slow phone to start a video; short enough that a shared link soon stops working. */
const SIGNED_URL_SECONDS = 300;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
