import { letter, oneLine, renderBlocks } from '../../platform/mail/layout.js';
import type { MailMessage, MailSettings } from '../../platform/mail/settings.js';

export interface UploadDigest {
  collectionId: string;
  collectionName: string;
  photos: number;
  videos: number;
  /** Uploads waiting for approval now; undefined when the collection does not require approval. */
  pending?: number;
}

const counted = (count: number, one: string, many: string) => `${count} new ${count === 1 ? one : many}`;

/** "12 new photos in Harvest Sunday, 3 waiting for approval": the subject says it all. */
export function uploadDigestSummary({ collectionName, photos, videos, pending }: UploadDigest): string {
  const kinds = [
    ...(photos ? [counted(photos, 'photo', 'photos')] : []),
    ...(videos ? [counted(videos, 'video', 'videos')] : []),
  ];
  const waiting = pending ? `, ${pending} waiting for approval` : '';
  return `${kinds.join(' and ')} in ${collectionName}${waiting}`;
}

/** The office's e-mail of a collection's new uploads, with a link to the collection in the staff console. */
export function uploadDigestMessage(settings: MailSettings, digest: UploadDigest): MailMessage {
  const subject = oneLine(uploadDigestSummary(digest));
  const page = `${settings.publicUrl}/admin/dashboard?section=photo-collections&review=${digest.collectionId}`;
  const body = letter(
    settings,
    subject,
    renderBlocks([
      { paragraph: `Guests have shared new uploads: ${subject}.` },
      ...(digest.pending ? [{ paragraph: 'They will not be shown until you approve them.' }] : []),
      { link: page, label: 'Open the collection' },
    ]),
  );
  return {
    to: { name: settings.churchName, address: settings.notifyAddress },
    from: settings.from,
    subject,
    html: body.html,
    text: body.text,
  };
}
