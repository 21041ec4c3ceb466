import { z } from 'zod';
import { integerId, optionalText, REQUIRED, requiredText } from './common.js';
import { asFormText, formFlag, imageUrl, LARGEST_INTEGER, wholeNumberText } from './content-fields.js';

export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover_image: imageUrl,
  is_featured: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  /** The album's oldest photo, which opens first in the viewer. */
  first_photo: z.object({ id: z.number().int(), image: z.string() }).nullable(),
  photo_count: z.number().int(),
});
export type Album = z.infer<typeof albumSchema>;
export const albumListSchema = z.array(albumSchema);

export const albumPhotoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** The same file as `image`, under the name the staff screens read it by. */
  file: z.string(),
  /** processing until the worker has made its sizes and removed camera data; visitors see only ready photos. */
  status: z.enum(['processing', 'ready', 'failed']),
  thumbnail: z.string().nullable(),
  original_filename: z.string(),
  uploader_name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type AlbumPhoto = z.infer<typeof albumPhotoSchema>;
export const albumPhotoListSchema = z.array(albumPhotoSchema);

export const albumPhotosParamsSchema = z.object({ albumId: integerId });

// The staff forms for albums and the gallery, sent as multipart (see content-fields.ts).

export const ALBUM_LIMITS = { title: 200, description: 2000 } as const;
export const UNKNOWN_ALBUM = 'Select an existing album.';

export const albumFormSchema = z.object({
  title: requiredText(ALBUM_LIMITS.title),
  description: optionalText(ALBUM_LIMITS.description),
  is_featured: formFlag,
});
export type AlbumFormInput = z.input<typeof albumFormSchema>;
export type AlbumForm = z.output<typeof albumFormSchema>;

/** One photo added to an album; the staff page sends one call per chosen image. */
export const galleryPhotoFormSchema = z.object({
  album: z.preprocess(
    asFormText,
    wholeNumberText(UNKNOWN_ALBUM, REQUIRED).pipe(z.number().min(1, UNKNOWN_ALBUM).max(LARGEST_INTEGER, UNKNOWN_ALBUM)),
  ),
  title: optionalText(ALBUM_LIMITS.title),
  description: optionalText(ALBUM_LIMITS.description),
});
export type GalleryPhotoFormInput = z.input<typeof galleryPhotoFormSchema>;
export type GalleryPhotoForm = z.output<typeof galleryPhotoFormSchema>;
