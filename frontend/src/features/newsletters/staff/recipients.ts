import { EMAIL_MESSAGES, emailField, type RECIPIENT_SOURCES, type Recipient } from '@gather/contracts';

export type RecipientSource = (typeof RECIPIENT_SOURCES)[number];

/** A recipient as the form keeps it: listed ones from the server, custom ones typed or pasted. */
export interface EmailRecipient {
  email: string;
  name: string;
  source: RecipientSource;
  sources: RecipientSource[];
  /** Agreed to the newsletter; a typed address's consent is unknown here, so it counts as none. */
  consent: boolean;
}

export const SUMMARY_COUNT = 5;

export const RECIPIENT_MESSAGES = {
  required: 'Please enter an email address',
  invalid: EMAIL_MESSAGES.invalidEmail,
  duplicate: 'This email is already added',
} as const;

/** The same check as the server's, so an address accepted here is never refused on sending. */
export function isValidEmail(email: string): boolean {
  return emailField.safeParse(email).success;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Why a typed address cannot be added, or null when it can. */
export function customRecipientError(email: string, known: readonly { email: string }[]): string | null {
  const typed = email.trim();
  if (!typed) return RECIPIENT_MESSAGES.required;
  if (!isValidEmail(typed)) return RECIPIENT_MESSAGES.invalid;
  if (known.some((recipient) => emailKey(recipient.email) === emailKey(typed))) return RECIPIENT_MESSAGES.duplicate;
  return null;
}

export function customRecipient(email: string, name = ''): EmailRecipient {
  return { email: email.trim(), name: name.trim(), source: 'custom', sources: ['custom'], consent: false };
}

/**
 * A pasted list: entries split on commas and line breaks, each "address", "Name <address>" or
 * "address Name". Invalid entries and addresses already known (or repeated) are dropped.
 */
export function parsePastedRecipients(text: string, known: readonly { email: string }[]): EmailRecipient[] {
  const seen = new Set(known.map((recipient) => emailKey(recipient.email)));
  const added: EmailRecipient[] = [];
  for (const entry of text.split(/[,\r\n]+/)) {
    const parsed = parseEntry(entry.trim());
    if (!parsed || seen.has(emailKey(parsed.email))) continue;
    seen.add(emailKey(parsed.email));
    added.push(customRecipient(parsed.email, parsed.name));
  }
  return added;
}

function parseEntry(entry: string): { email: string; name: string } | null {
  if (!entry) return null;
  const angled = /^(.*)<([^>]+)>$/.exec(entry);
  if (angled) {
    const email = angled[2]!.trim();
    return isValidEmail(email) ? { email, name: angled[1]!.trim().replace(/^"|"$/g, '') } : null;
  }
  const [email = '', ...name] = entry.split(/\s+/);
  return isValidEmail(email) ? { email, name: name.join(' ') } : null;
}

/** The listed recipients for the search box and source filter. */
export function filterRecipients<Row extends EmailRecipient>(
  recipients: readonly Row[],
  search: string,
  source: RecipientSource | 'all',
): Row[] {
  const needle = search.trim().toLowerCase();
  return recipients.filter(
    (recipient) =>
      (source === 'all' || recipient.sources.includes(source)) &&
      (!needle || recipient.email.toLowerCase().includes(needle) || recipient.name.toLowerCase().includes(needle)),
  );
}

/** The server's rows, minus those who left the newsletter: bulk mail skips them anyway. */
export function listedRecipients(rows: readonly Recipient[]): EmailRecipient[] {
  return rows
    .filter((row) => !row.unsubscribed)
    .map(({ email, name, source, sources, consent }) => ({ email, name, source, sources, consent }));
}

/** "a@x, b@x, c@x, d@x, e@x" and "+N more". */
export function recipientSummary(recipients: readonly EmailRecipient[]): { shown: EmailRecipient[]; more: number } {
  return {
    shown: recipients.slice(0, SUMMARY_COUNT),
    more: Math.max(0, recipients.length - SUMMARY_COUNT),
  };
}

/** Selecting all selects the recipients on screen, keeping those chosen under other filters. */
export function selectAll(selected: ReadonlySet<string>, shown: readonly EmailRecipient[]): Set<string> {
  const next = new Set(selected);
  for (const recipient of shown) next.add(emailKey(recipient.email));
  return next;
}

export function deselectAll(selected: ReadonlySet<string>, shown: readonly EmailRecipient[]): Set<string> {
  const next = new Set(selected);
  for (const recipient of shown) next.delete(emailKey(recipient.email));
  return next;
}
