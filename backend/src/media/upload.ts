import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '../http/errors.js';
import type { MediaStorage } from './storage.js';

const MIB = 1024 * 1024;

export interface UploadLimits {
  maxFileSizeMb: number;
}

/** One uploaded file, streamed to a temporary file under a generated name. */
export interface ReceivedUpload {
  path: string;
  size: number;
  /** As the visitor's browser named it: data to show, never a path to use. */
  originalFilename: string;
  /** The text fields sent with the file, unchecked. */
  fields: Record<string, unknown>;
}

/**
 * Reads a multipart body holding exactly one `file` plus a few short text
 * fields, hands it to `use`, and removes the temporary file afterwards
 * whatever happened (multer itself removes it when the body fails midway).
 */
export async function receiveUpload<T>(
  req: Request,
  res: Response,
  storage: MediaStorage,
  limits: UploadLimits,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const parse = multer({
    storage: multer.diskStorage({
      destination: await storage.temporaryFolder(),
      filename: (_req, _file, callback) => callback(null, randomUUID()),
    }),
    limits: {
      fileSize: limits.maxFileSizeMb * MIB,
      files: 1,
      fields: 4,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
    // Browsers send file names as UTF-8 without saying so.
    defParamCharset: 'utf8',
  }).single('file');

  try {
    await new Promise<void>((resolve, reject) =>
      parse(req, res, (error: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    throw asClientError(error, limits);
  }

  const file = req.file;
  if (!file) throw AppError.invalid({ file: ['No file was submitted.'] });
  try {
    return await use({
      path: file.path,
      size: file.size,
      originalFilename: file.originalname,
      fields: { ...req.body },
    });
  } finally {
    await fs.rm(file.path, { force: true });
  }
}

function asClientError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof multer.MulterError) {
    const field = error.field ?? 'non_field_errors';
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new AppError(413, { file: [`File is too large. The maximum size is ${limits.maxFileSizeMb} MB.`] });
      case 'LIMIT_FILE_COUNT':
        return AppError.invalid({ file: ['Send one file per upload.'] });
      case 'LIMIT_UNEXPECTED_FILE':
        return AppError.invalid({ [field]: ['Unexpected file field. Send the file as "file".'] });
      case 'LIMIT_FIELD_VALUE':
        return AppError.invalid({ [field]: ['This value is too long.'] });
      default:
        return AppError.badRequest(`The upload could not be read: ${error.message.toLowerCase()}.`);
    }
  }
  // A broken or interrupted multipart body is the sender's problem; a failing disk (which has a syscall) is ours.
  if (error instanceof Error && !('syscall' in error)) {
    return AppError.badRequest('The upload could not be read. Please try again.');
  }
  return error;
}
