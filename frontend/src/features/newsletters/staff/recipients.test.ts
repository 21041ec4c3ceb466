import { describe, expect, it } from 'vitest';
import {
  customRecipient,
  customRecipientError,
  deselectAll,
  filterRecipients,
  parsePastedRecipients,
  recipientSummary,
  selectAll,
  type EmailRecipient,
} from './recipients';

const listed = (email: string, name: string, ...sources: EmailRecipient['sources']): EmailRecipient => ({
  email,
  name,
  source: sources[0]!,
  sources,
  consent: false,
});

describe('adding a custom recipient', () => {
  const known = [listed('ruth@example.org', 'Ruth', 'contact')];

  it('asks for an address, then a valid one, then a new one', () => {
    expect(customRecipientError('   ', known)).toBe('Please enter an email address');
    expect(customRecipientError('ruth@', known)).toBe('Please enter a valid email address');
    expect(customRecipientError('Ruth@Example.org ', known)).toBe('This email is already added');
    expect(customRecipientError('boaz@example.org', known)).toBeNull();
  });

  it('keeps the address trimmed and marks it custom', () => {
    expect(customRecipient(' boaz@example.org ', ' Boaz ')).toEqual({
      email: 'boaz@example.org',
      name: 'Boaz',
      source: 'custom',
      sources: ['custom'],
      consent: false,
    });
  });
});

describe('a pasted list', () => {
  it('splits on commas and line breaks, keeps names, drops invalid and repeated addresses', () => {
    const pasted =
      'naomi@example.org, Orpah <orpah@example.org>\nnot-an-address\r\njesse@example.org Jesse Smith,,NAOMI@example.org';
    const added = parsePastedRecipients(pasted, []);
    expect(added.map(({ email, name }) => ({ email, name }))).toEqual([
      { email: 'naomi@example.org', name: '' },
      { email: 'orpah@example.org', name: 'Orpah' },
      { email: 'jesse@example.org', name: 'Jesse Smith' },
    ]);
    expect(added.every((recipient) => recipient.source === 'custom')).toBe(true);
  });

  it('skips addresses already in the list', () => {
    expect(
      parsePastedRecipients('ruth@example.org\nboaz@example.org', [listed('RUTH@example.org', '', 'giving')]),
    ).toEqual([customRecipient('boaz@example.org')]);
  });
});

describe('the recipient list', () => {
  const people = [
    listed('ruth@example.org', 'Ruth Moab', 'contact', 'newsletter'),
    listed('boaz@example.org', 'Boaz', 'building_fund'),
    listed('naomi@example.org', 'Naomi', 'newsletter'),
  ];

  it('filters by any of the sources and searches name or address', () => {
    expect(filterRecipients(people, '', 'newsletter').map((r) => r.email)).toEqual([
      'ruth@example.org',
      'naomi@example.org',
    ]);
    expect(filterRecipients(people, 'MOAB', 'all').map((r) => r.email)).toEqual(['ruth@example.org']);
    expect(filterRecipients(people, 'boaz@', 'contact')).toEqual([]);
  });

  it('selects all of the filtered recipients only, and keeps other choices', () => {
    const selected = selectAll(new Set(['boaz@example.org']), filterRecipients(people, '', 'newsletter'));
    expect([...selected].sort()).toEqual(['boaz@example.org', 'naomi@example.org', 'ruth@example.org']);
    expect([...deselectAll(selected, [people[0]!])].sort()).toEqual(['boaz@example.org', 'naomi@example.org']);
  });

  it('summarises the first five and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, i) => listed(`p${i}@example.org`, '', 'newsletter'));
    const summary = recipientSummary(many);
    expect(summary.shown.map((r) => r.email)).toEqual(many.slice(0, 5).map((r) => r.email));
    expect(summary.more).toBe(3);
    expect(recipientSummary(many.slice(0, 2)).more).toBe(0);
  });
});
