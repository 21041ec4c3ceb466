import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { NOT_AN_IMAGE, ORIGINAL_FILENAME_MAX, UPLOAD_FAILURES } from '@gather/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { ZodType } from 'zod';
import { AppError, fieldErrorsFrom } from '../errors.js';
import { nulCharacterErrors } from '../http/nul-characters.js';
import { imagePixelCount, MAX_IMAGE_PIXELS, sniffMedia } from './sniff.js';
import type { MediaStorage } from './storage.js';

const MIB = 1024 * 1024;

export interface UploadLimits {
  maxFileSizeMb: number;
}

/** One uploaded file, streamed to a temporary file under a generated name. */
export interface ReceivedUpload {
  path: string;
  size: number;
  /** As the visitor's browser named it, without folders or control characters: data to show, never a path to use. */
  originalFilename: string;
  /** The text fields sent with the file, unchecked. */
  fields: Record<string, unknown>;
}

/** A file whose bytes say it is an image; its extension comes from those bytes, never from its name. */
export interface ReceivedImage {
  path: string;
  originalFilename: string;
  extension: string;
}

export interface ImageFormRules extends UploadLimits {
  /** The form field the image comes in, e.g. `image` or `cover_image`. */
  imageField: string;
  imageRequired: boolean;
}

interface MultipartRules extends UploadLimits {
  fileField: string;
  maxFields: number;
  maxFieldBytes: number;
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
  const rules = { ...limits, fileField: 'file', maxFields: 4, maxFieldBytes: 1024 };
  const { file, fields } = await readMultipart(req, res, storage, rules);
  if (!file) throw AppError.invalid({ file: ['No file was submitted.'] });
  try {
    return await use({ path: file.path, size: file.size, originalFilename: cleanFilename(file.originalname), fields });
  } finally {
    await fs.rm(file.path, { force: true });
  }
}

/**
 * Reads a staff form: text fields checked with `schema` (400 per field) and at most one
 * picture, which must be an image by its bytes (415 otherwise). The temporary file is
 * removed afterwards whatever happened; `use` moves it into place to keep it.
 */
export async function receiveImageForm<F, T>(
  req: Request,
  res: Response,
  storage: MediaStorage,
  rules: ImageFormRules,
  schema: ZodType<F>,
  use: (form: F, image: ReceivedImage | undefined) => Promise<T>,
): Promise<T> {
  const { file, fields } = await readMultipart(req, res, storage, {
    maxFileSizeMb: rules.maxFileSizeMb,
    fileField: rules.imageField,
    // An event has about twenty fields; the rest is room for read-only ones a page sends back.
    maxFields: 40,
    maxFieldBytes: 64 * 1024,
  });
  try {
    const image = file && (await sniffImage(file, rules.imageField));
    const form = schema.safeParse(fields);
    const missingImage = !file && rules.imageRequired;
    if (!form.success || missingImage) {
      throw AppError.invalid({
        ...(form.success ? {} : fieldErrorsFrom(form.error)),
        ...(missingImage && { [rules.imageField]: ['No file was submitted.'] }),
      });
    }
    return await use(form.data, image);
  } finally {
    if (file) await fs.rm(file.path, { force: true });
  }
}

/**
 * Moves a received image into `folder` under a name never served, and runs `save` with its stored path
 * (undefined without an image); `save` queues the worker's process-upload job, which replaces it with a
 * cleaned copy. When saving fails or finds nothing to save to (undefined), the file goes again: no orphan
 * (nor a folder made for it) is left.
 */
export async function saveWithImage<T>(
  storage: MediaStorage,
  image: ReceivedImage | undefined,
  folder: string,
  save: (storedPath: string | undefined) => Promise<T | undefined>,
): Promise<T | undefined> {
  const stored = image ? storage.newPathAwaitingProcessing(folder, image.extension) : undefined;
  if (image && stored) await storage.moveIn(image.path, stored);
  try {
    const saved = await save(stored);
    if (saved === undefined) await storage.discard(stored);
    return saved;
  } catch (error) {
    await storage.discard(stored);
    throw error;
  }
}

/** An image by its bytes, whose header the worker can read and promises no more pixels than it will decode. */
async function sniffImage(file: Express.Multer.File, field: string): Promise<ReceivedImage> {
  const media = await sniffMedia(file.path);
  if (media?.fileType !== 'image') throw new AppError(415, { [field]: [NOT_AN_IMAGE] });
  const pixels = await imagePixelCount(file.path);
  if (pixels === undefined) {
    // sharp reads a HEIC's header though not its HEVC pixels (the worker decodes those with heif-convert); a HEIF
    // whose header it cannot read is a kind nothing here can.
    throw new AppError(415, {
      [field]: [media.extension === 'heic' ? UPLOAD_FAILURES.unreadableFormat : NOT_AN_IMAGE],
    });
  }
  if (pixels > MAX_IMAGE_PIXELS) throw AppError.invalid({ [field]: [UPLOAD_FAILURES.imageTooLarge] });
  return {
    path: file.path,
    originalFilename: cleanFilename(file.originalname),
    extension: media.extension,
  };
}

async function readMultipart(
  req: Request,
  res: Response,
  storage: MediaStorage,
  rules: MultipartRules,
): Promise<{ file?: Express.Multer.File; fields: Record<string, unknown> }> {
  await storage.ensureRoomForUploads();
  const parse = multer({
    storage: multer.diskStorage({
      destination: await storage.temporaryFolder(),
      filename: (_req, _file, callback) => callback(null, randomUUID()),
    }),
    limits: {
      fileSize: rules.maxFileSizeMb * MIB,
      files: 1,
      fields: rules.maxFields,
      fieldNameSize: 100,
      fieldSize: rules.maxFieldBytes,
      parts: rules.maxFields + 2,
      headerPairs: 20,
    },
    // Browsers send file names as UTF-8 without saying so.
    defParamCharset: 'utf8',
  }).single(rules.fileField);

  try {
    await new Promise<void>((resolve, reject) =>
      parse(req, res, (error: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    throw asClientError(error, rules);
  }
  const refused = nulCharacterErrors(req.body);
  if (Object.keys(refused).length) {
    if (req.file) await fs.rm(req.file.path, { force: true });
    throw AppError.invalid(refused);
  }
  return { file: req.file, fields: { ...req.body } };
}

/**
 * The sender's file name is only shown back, so keep its last path part, without control characters nor
 * invisible format characters (Cf): a right-to-left override makes `photo\u202Egnp.exe` read as `photoexe.png`.
 */
export function cleanFilename(name: string): string {
  const lastPart = name.split(/[\\/]/).pop() ?? '';
  return lastPart
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, ORIGINAL_FILENAME_MAX);
}

/** The spec's refusal of a file over the limit, for a multipart field or a resumable upload's declared size. */
export function fileTooLarge(field: string, maxFileSizeMb: number): AppError {
  return new AppError(413, { [field]: [`File is too large. The maximum size is ${maxFileSizeMb} MB.`] });
}

function asClientError(error: unknown, rules: MultipartRules): unknown {
  if (error instanceof multer.MulterError) {
    const field = error.field ?? 'non_field_errors';
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return fileTooLarge(rules.fileField, rules.maxFileSizeMb);
      case 'LIMIT_FILE_COUNT':
        return AppError.invalid({ [rules.fileField]: ['Send one file per upload.'] });
      case 'LIMIT_UNEXPECTED_FILE':
        return AppError.invalid({ [field]: [`Unexpected file field. Send the file as "${rules.fileField}".`] });
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
