const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every word a person typed goes through here before it is put in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/** A visitor's text as HTML: escaped, its line breaks kept. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>\n');
}

/**
 * The staff editor's formatting buttons wrap text in these; the form also turns newlines into
 * <br>. Any other markup is shown as typed, never run.
 */
const FORMATTING_TAGS = new Set(['b', 'i', 'u', 'strong', 'em']);
const TAG = /<(\/?)([a-z]+)\s*\/?>/gi;

export interface FormattedContent {
  html: string;
  text: string;
}

/**
 * Bulk mail content as HTML and plain text. Formatting tags are kept (and closed if the author
 * forgot, so an unclosed <b> cannot bold the rest of the mail); everything else is escaped.
 */
export function formatContent(content: string): FormattedContent {
  const normalised = content.replace(/\r\n?/g, '\n').replace(/<br\s*\/?>\n?/gi, '\n');
  const open: string[] = [];
  let html = '';
  let text = '';
  let last = 0;
  for (const match of normalised.matchAll(TAG)) {
    const [tag, closing, rawName] = match;
    const name = rawName!.toLowerCase();
    if (!FORMATTING_TAGS.has(name)) continue;
    const before = normalised.slice(last, match.index);
    html += textToHtml(before);
    text += before;
    last = match.index + tag.length;
    if (!closing) {
      open.push(name);
      html += `<${name}>`;
    } else if (open.includes(name)) {
      // Close what was opened inside it first, so the markup stays well nested.
      while (open.length) {
        const inner = open.pop()!;
        html += `</${inner}>`;
        if (inner === name) break;
      }
    }
  }
  const rest = normalised.slice(last);
  html +=
    textToHtml(rest) +
    open
      .reverse()
      .map((name) => `</${name}>`)
      .join('');
  return { html, text: text + rest };
}
