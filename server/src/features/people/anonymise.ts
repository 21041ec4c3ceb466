/** Fields that say who someone is, in the shapes the activity log keeps (API answers and raw rows). */
const PERSONAL = new Set([
  'email',
  'name',
  'first_name',
  'middle_name',
  'last_name',
  'phone',
  'message',
  'reference',
  'admin_notes',
  'uploader_name',
  'house_name_or_number',
  'postcode',
  'address',
]);

export const ERASED = 'Erased';

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const squeezed = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** One person as People finds them: the address (lower case) and every name they gave with it. */
export interface Person {
  email: string;
  names: string[];
}

/** Text with the person's address and names taken out, whatever their case. */
export function withoutPerson(text: string, person: Person): string {
  // Longest first: a first name given alone on one form must not cut "Martha Bethany" down to "Erased Bethany".
  const needles = [person.email, ...person.names].filter(Boolean).sort((a, b) => b.length - a.length);
  return needles.reduce((erased, needle) => {
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ +/g, '\\s+');
    return erased.replace(new RegExp(escaped, 'gi'), ERASED);
  }, text);
}

function isThePerson(record: Record<string, unknown>, person: Person): boolean {
  const field = (name: string) => {
    const found = Object.entries(record).find(([key]) => snake(key) === name)?.[1];
    return typeof found === 'string' ? found : '';
  };
  if (squeezed(field('email')) === person.email) return true;
  const written = [
    field('name'),
    field('uploader_name'),
    `${field('first_name')} ${field('last_name')}`,
    `${field('first_name')} ${field('middle_name')} ${field('last_name')}`,
  ].map(squeezed);
  return written.some((name) => name && person.names.includes(name));
}

/**
 * A copy of a logged before or after with the person gone: their own records lose every personal field,
 * and their address or names anywhere else (a message, a recipient list) are replaced.
 */
export function anonymised(value: unknown, person: Person): unknown {
  if (typeof value === 'string') return withoutPerson(value, person);
  if (Array.isArray(value)) return value.map((item) => anonymised(item, person));
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const theirs = isThePerson(record, person);
  return Object.fromEntries(
    Object.entries(record).map(([key, inner]) => [
      key,
      theirs && PERSONAL.has(snake(key)) && typeof inner === 'string' ? '' : anonymised(inner, person),
    ]),
  );
}
