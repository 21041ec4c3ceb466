import { escapeHtml } from '../../mail/html.js';

/** The small page a person sees after clicking the unsubscribe link in their mail. */
export function unsubscribePage(title: string, message: string): string {
  return (
    `<!doctype html>\n<html lang="en-GB"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.5">` +
    `<h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>\n`
  );
}
