export type Formatting = 'b' | 'i' | 'u';

/** Wraps the selected part of `text` in a tag, answering the new text and the selection to keep. */
export function wrapSelection(text: string, start: number, end: number, tag: Formatting) {
  const open = `<${tag}>`;
  const wrapped = `${text.slice(0, start)}${open}${text.slice(start, end)}</${tag}>${text.slice(end)}`;
  return { text: wrapped, start: start + open.length, end: end + open.length };
}

/** Newlines become line breaks, as the e-mail is sent as HTML. */
export const toEmailContent = (content: string) => content.replace(/\r?\n/g, '<br>');
