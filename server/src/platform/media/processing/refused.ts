/**
 * A file the worker will not process because of what it is (not an image, too many pixels):
 * trying again cannot help, so the upload fails at once with `reason` for staff to read.
 */
export class MediaRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MediaRefused';
  }
}
