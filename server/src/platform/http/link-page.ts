import type { Response } from 'express';
import { escapeHtml } from '../mail/html.js';
import { AppError } from '../errors.js';

/** The small page a person sees after clicking a link in their mail (unsubscribe, stop reminders). */
export function linkPage(title: string, message: string): string {
  return (
    `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5">` +
    `<h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>\n`
  );
}

/**
 * Answers a mail link with a page: `title` and the message `follow` answers, or "Link not valid"
 * with the reason when the link was refused (a browser shows a page, not JSON).
 */
export async function sendLinkPage(res: Response, title: string, follow: () => Promise<string>): Promise<void> {
  try {
    res.type('html').send(linkPage(title, await follow()));
  } catch (error) {
    if (!(error instanceof AppError) || !('detail' in error.body)) throw error;
    res
      .status(error.status)
      .type('html')
      .send(linkPage('Link not valid', String(error.body.detail)));
  }
}
