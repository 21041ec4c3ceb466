import type { Response } from 'express';
import { escapeHtml } from '../mail/html.js';
import { AppError } from '../errors.js';

/** The small page a person sees after clicking a link in their mail (unsubscribe, stop reminders, confirm). */
export function linkPage(title: string, message: string, button?: string): string {
  // An empty action posts back to the page's own address, query and all: the signed link itself.
  const form = button
    ? `<form method="post"><button type="submit" style="font-size:16px;padding:10px 20px">${escapeHtml(button)}</button></form>`
    : '';
  return (
    `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5">` +
    `<h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}</body></html>\n`
  );
}

/** What a mail link's page says; with a button, the page only asks, and pressing it posts the link. */
export interface LinkAnswer {
  title: string;
  message: string;
  button?: string;
}

/**
 * Answers a mail link with a page: what `follow` answers, or "Link not valid" with the reason when the link
 * was refused (a browser shows a page, not JSON). A GET should only ask (a `button`): mail scanners open
 * every link in a message, and what they open must change nothing.
 */
export async function sendLinkPage(res: Response, follow: () => Promise<LinkAnswer>): Promise<void> {
  try {
    const page = await follow();
    res.type('html').send(linkPage(page.title, page.message, page.button));
  } catch (error) {
    if (!(error instanceof AppError) || !('detail' in error.body)) throw error;
    res
      .status(error.status)
      .type('html')
      .send(linkPage('Link not valid', String(error.body.detail)));
  }
}
