import { REDACTED } from '@gather/contracts';

/**
 * Query parameters whose value opens something (an unsubscribe, reminder or confirmation link, a set-password
 * link, a signed media address) or names a person: anyone reading the log could otherwise follow the link.
 */
const SECRET_PARAMETER = /token|key|secret|signature|password|code|email|credential/i;
/** An e-mail address, written plainly or with its @ percent-encoded, wherever it sits in a URL. */
const EMAIL_ADDRESS = /[^/?&=#\s]+(?:@|%40)[^/?&=#\s]+/gi;
/** A path segment that is a random id or token (a resumable upload's id lets its holder add to it). */
const TOKEN_SEGMENT = /^(?:[0-9a-f]{24,}|(?=[^/]*\d)(?=[^/]*[A-Z])(?=[^/]*[a-z])[\w-]{20,})$/;
/** The shortest segment TOKEN_SEGMENT matches. */
const TOKEN_LEAST_LENGTH = 20;

/** The URL as the request log shows it: its route and harmless parameters, no token and no e-mail address. */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const shownPath = path.split('/').map(shownSegment).join('/');
  if (queryAt === -1) return shownPath;
  const pairs = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMETER.test(safelyDecoded(name)) ? `${name}=${REDACTED}` : pair.replace(EMAIL_ADDRESS, REDACTED);
    });
  return `${shownPath}?${pairs.join('&')}`;
}

/**
 * Every request's URL passes here, even when no line is written: most segments are short words, numbers and ids,
 * which neither pattern can match (a token is at least TOKEN_LEAST_LENGTH long, an address holds @ or %40).
 */
function shownSegment(segment: string): string {
  if (segment.length < TOKEN_LEAST_LENGTH && !segment.includes('@') && !segment.includes('%')) return segment;
  return TOKEN_SEGMENT.test(segment) ? REDACTED : segment.replace(EMAIL_ADDRESS, REDACTED);
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
