import { escapeHtml } from '../../platform/mail/html.js';
import { formatMoment } from '../../platform/mail/letter.js';
import type { EventRow } from '../events/index.js';
import type { RegistrationRow } from './repository.js';

const STYLE = 'font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5';
const BUTTON = 'font-size:16px;padding:10px 20px;margin:4px 0';

/**
 * The page behind a sign-up's private link. Opening it changes nothing (mail scanners open every link); each
 * button posts back to the link itself, which acts.
 */
export function managePage(
  event: EventRow,
  registration: RegistrationRow,
  maxParty: number,
  timeZone: string,
  notice?: string,
): string {
  const when = formatMoment(event.date, timeZone);
  const status = STATUS_WORDS[registration.status] ?? registration.status;
  const parts: string[] = [
    `<h1 style="font-size:22px">${escapeHtml(event.title)}</h1>`,
    `<p>${escapeHtml(when)}</p>`,
    notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : '',
    `<p>Your sign-up: ${escapeHtml(status)}, for ${registration.party} ${registration.party === 1 ? 'person' : 'people'}.</p>`,
  ];
  if (registration.status === 'offered') {
    parts.push(form('accept', 'Accept the place'));
  }
  if (registration.status !== 'cancelled') {
    if (maxParty > 1) {
      const options = Array.from({ length: maxParty }, (_, index) => index + 1)
        .map((count) => `<option${count === registration.party ? ' selected' : ''}>${count}</option>`)
        .join('');
      parts.push(
        `<form method="post"><input type="hidden" name="action" value="change">` +
          `<label>Number of people <select name="party">${options}</select></label> ` +
          `<button type="submit" style="${BUTTON}">Change</button></form>`,
      );
    }
    parts.push(form('cancel', registration.status === 'offered' ? 'Decline the place' : 'Cancel my sign-up'));
  }
  return (
    `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(event.title)}</title></head>` +
    `<body style="${STYLE}">${parts.join('')}</body></html>\n`
  );
}

const form = (action: string, label: string) =>
  `<form method="post"><input type="hidden" name="action" value="${action}">` +
  `<button type="submit" style="${BUTTON}">${escapeHtml(label)}</button></form>`;

const STATUS_WORDS: Record<string, string> = {
  confirmed: 'confirmed',
  waitlisted: 'on the waiting list',
  offered: 'a place is offered to you',
  cancelled: 'cancelled',
};
