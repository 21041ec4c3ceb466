import type { CollectionRepository } from './repository.js';
import { uploadDigestMessage } from './upload-digest-message.js';
import type { Logger } from 'pino';
import { failureReason, isPermanentRejection } from '../../platform/mail/mailer.js';
import type { Processor } from '../../platform/jobs/workers.js';
import type { MailParts } from '../../platform/jobs/feature-jobs.js';

/**
 * A collection's digest of new uploads, to the church's notify address. It counts what arrived since
 * the last one when it runs; the count is recorded only once the mail is away, so a retry after an
 * SMTP failure tells the same news. Nothing is sent when nothing new arrived or staff turned it off.
 */
export function sendUploadDigest(
  collections: CollectionRepository,
  { mailer, settings }: Pick<MailParts, 'mailer' | 'settings'>,
  afterMs: number,
  log: Logger,
): Processor<'send-upload-digest'> {
  return async ({ collectionId }) => {
    const counts = await collections.digestCounts(collectionId);
    if (!counts) return { sent: false, reason: 'collection deleted' };
    const { collection, photos, videos, pending, upToId } = counts;
    const news = photos + videos > 0 && collection.notifyUploads;
    let result: { sent: boolean; reason?: string; messageId?: string } = { sent: false, reason: 'nothing new' };
    if (news) {
      const message = uploadDigestMessage(settings, {
        collectionId,
        collectionName: collection.name,
        photos,
        videos,
        pending: collection.requiresApproval ? pending : undefined,
      });
      try {
        result = { sent: true, messageId: await mailer.send(message) };
      } catch (error) {
        if (!isPermanentRejection(error)) throw error;
        log.warn({ collectionId, reason: failureReason(error) }, 'upload digest refused by the mail server');
        result = { sent: false, reason: failureReason(error) };
      }
    }
    await collections.digestSent(collectionId, upToId, afterMs);
    return result;
  };
}
