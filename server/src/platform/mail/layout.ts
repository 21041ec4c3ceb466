import { escapeHtml, textToHtml, type FormattedContent } from './html.js';
import type { MailSettings } from './settings.js';

/** The parts a notification is written in; each renders to HTML (escaped) and to plain text. */
export type Block =
  | { paragraph: string }
  | { details: Array<[label: string, value: string]> }
  | { quote: string }
  | { link: string; label: string }
  /** An image attached to the message with this content id (its `alt` is the text part's words). */
  | { image: string; alt: string };

export function renderBlocks(blocks: Block[]): FormattedContent {
  const html: string[] = [];
  const text: string[] = [];
  for (const block of blocks) {
    if ('paragraph' in block) {
      html.push(`<p>${textToHtml(block.paragraph)}</p>`);
      text.push(block.paragraph);
    } else if ('details' in block) {
      const rows = block.details.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0">${textToHtml(value)}</td></tr>`,
      );
      html.push(`<table role="presentation" cellspacing="0" cellpadding="0">${rows.join('')}</table>`);
      text.push(block.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
    } else if ('quote' in block) {
      html.push(
        `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #ccc">${textToHtml(block.quote)}</blockquote>`,
      );
      text.push(block.quote.replace(/^/gm, '> '));
    } else if ('image' in block) {
      html.push(
        `<p><img src="cid:${escapeHtml(block.image)}" alt="${escapeHtml(block.alt)}" width="240" height="240"></p>`,
      );
      text.push(block.alt);
    } else {
      html.push(`<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`);
      text.push(`${block.label}: ${block.link}`);
    }
  }
  return { html: html.join('\n'), text: text.join('\n\n') };
}

/** The church's letterhead around a body, and the unsubscribe line on mailing-list mail. */
export function letter(
  settings: Pick<MailSettings, 'churchName'> & Partial<Pick<MailSettings, 'address' | 'phone'>>,
  subject: string,
  body: FormattedContent,
  unsubscribeUrl?: string,
): FormattedContent {
  const church = escapeHtml(settings.churchName);
  // Where to find the church and call it, as Settings last saved them.
  const visit = [settings.address, settings.phone].filter(Boolean).join(' · ');
  const visitHtml = visit ? `<br>${escapeHtml(visit)}` : '';
  const visitText = visit ? `\n${visit}` : '';
  const footer = unsubscribeUrl
    ? `<p style="font-size:12px;color:#666">You receive this from the ${church} mailing list. ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>${visitHtml}</p>`
    : `<p style="font-size:12px;color:#666">${church}${visitHtml}</p>`;
  const html =
    `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="margin:0;padding:24px;background:#f6f6f6">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px;background:#fff;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n` +
    `${body.html}\n<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">${footer}</div></body></html>\n`;
  const text = unsubscribeUrl
    ? `${body.text}\n\n--\nYou receive this from the ${settings.churchName} mailing list.\nUnsubscribe: ${unsubscribeUrl}${visitText}\n`
    : `${body.text}\n\n--\n${settings.churchName}${visitText}\n`;
  return { html, text };
}

/** Header lines are one line: a newline typed in a form must not start a new header. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
