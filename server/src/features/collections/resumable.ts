import { uuidId, type UploadFields } from '@gather/contracts';
import { AppError } from '../../platform/errors.js';
import { nulCharacterErrors } from '../../platform/http/nul-characters.js';
import type { DeviceIds } from '../../platform/http/device.js';
import type { ResumableRules, UploadMetadata } from './resumable-uploads.js';
import { fileTooLarge } from '../../platform/media/upload.js';
import type { CollectionRow } from './repository.js';
import { uploadFieldsOf, type CollectionService } from './service.js';

const MIB = 1024 * 1024;

/** The multipart form's text fields, as a resumable upload names them in its metadata. */
const FORM_FIELDS = ['uploader_name', 'website', 'fill_time_ms'] as const;

/**
 * A resumable upload to a collection is held to the multipart call's rules: the collection is open and the
 * declared size within its limit before the first byte; the bytes, the spam guard and the saving at the end.
 */
export function collectionUploadRules(service: CollectionService, devices: DeviceIds): ResumableRules {
  return {
    start: async (size, metadata) => {
      const { collection } = await read(service, metadata);
      if (size > collection.maxFileSizeMb * MIB) {
        throw fileTooLarge('file', collection.maxFileSizeMb);
      }
    },
    // The collection may have closed while the file arrived: read again, as the multipart call does at its start.
    finish: async (upload, metadata, { req, res }) => {
      const { collection, fields } = await read(service, metadata);
      return service.addUpload(collection, upload, fields, devices.of(req, res));
    },
  };
}

async function read(
  service: CollectionService,
  metadata: UploadMetadata,
): Promise<{ collection: CollectionRow; fields: UploadFields }> {
  const refused = nulCharacterErrors(metadata);
  if (Object.keys(refused).length) throw AppError.invalid(refused);
  if (!metadata.collection_id) throw AppError.invalid({ collection_id: ['This field is required.'] });
  // An id that does not parse names no collection: 404, as for the multipart call's path.
  const id = uuidId.safeParse(metadata.collection_id);
  if (!id.success) throw AppError.notFound();
  const sent = Object.fromEntries(FORM_FIELDS.filter((key) => key in metadata).map((key) => [key, metadata[key]]));
  const fields = uploadFieldsOf(sent);
  return { collection: await service.openCollection(id.data), fields };
}
