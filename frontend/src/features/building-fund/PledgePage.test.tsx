import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { balanceLeft, oneMonthAfter } from './pledge-form';
import { PledgePage } from './PledgePage';
import { pledgeReference } from './PledgeInfo';

const SETTINGS = {
  church_name: 'Gather Church',
  online_giving_url: 'https://bank.example.org/give',
  bank: { account_name: 'Gather Church', bank_name: 'Example Bank', sort_code: '12-34-56', account_number: '12345678' },
};

type Answer = { status: number; body?: unknown } | 'offline';

function serve(pledgeAnswer: Answer, answerWhen: Promise<void> = Promise.resolve()) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/site/') return json(200, SETTINGS);
    sent.push(JSON.parse(String(init?.body)));
    await answerWhen;
    if (pledgeAnswer === 'offline') throw new TypeError('Failed to fetch');
    return json(pledgeAnswer.status, pledgeAnswer.body);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const stored = (email: string) => ({ status: 201, body: { id: 1, email } });

beforeEach(() => {
  // Only the clock is fake, so the form's "today" is fixed while user events run in real time.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-31T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function fillDonor(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(/First Name/), 'Ada');
  await user.type(screen.getByLabelText(/Last Name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.org');
}

describe('pledge maths', () => {
  it('counts a month ahead by the calendar, ending short months early', () => {
    expect(oneMonthAfter('2026-01-31')).toBe('2026-02-28');
    expect(oneMonthAfter('2026-03-15')).toBe('2026-04-15');
    expect(oneMonthAfter('2026-12-20')).toBe('2027-01-20');
  });

  it('takes the remaining balance in exact pennies, counting a half-typed amount as nothing', () => {
    expect(balanceLeft('100.10', '0.30')).toBe('99.80');
    expect(balanceLeft('0.3', '0.1')).toBe('0.20');
    expect(balanceLeft('250', '')).toBe('250.00');
    expect(balanceLeft('250', '12.')).toBe('250.00');
  });

  it("makes the bank reference from the donor's surname", () => {
    expect(pledgeReference(' Van Dyke ')).toBe('BF-VanDyke');
    expect(pledgeReference('')).toBe('BF-<Surname>');
  });
});

describe('the pledge form', () => {
  it('starts in pounds with the pay-by date a month ahead and no earlier day allowed', async () => {
    serve(stored('ada@example.org'));
    renderPage(<PledgePage />);
    const payBy = screen.getByLabelText(/Pay By Date/);
    expect(payBy).toHaveProperty('value', '2026-02-28');
    expect(payBy.getAttribute('min')).toBe('2026-01-31');
    expect(screen.getByLabelText(/Currency/)).toHaveProperty('value', 'GBP');
    expect(screen.getByLabelText(/Total Pledge \(£\)/)).toBeTruthy();
  });

  it('asks for an amount only for a partial payment, shows what is left, and sends the total for a full one', async () => {
    const sent = serve(stored('ada@example.org'));
    const { user } = renderPage(<PledgePage />);
    await fillDonor(user);
    await user.type(screen.getByLabelText(/Total Pledge/), '250');

    await user.click(screen.getByLabelText('Partial Payment'));
    const amount = screen.getByLabelText(/Amount to Pay Now/);
    expect(amount).toHaveProperty('value', '');
    expect(amount.getAttribute('max')).toBe('250');
    await user.type(amount, '99.99');
    expect(screen.getByText(/Remaining balance/).textContent).toBe('Remaining balance: £150.01');

    await user.click(screen.getByLabelText('Full Payment'));
    expect(screen.queryByLabelText(/Amount to Pay Now/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ payment_type: 'full', total_pledge: '250.00', payment_amount: '250.00' });
  });

  it('clears the amount when switching back to partial, and sends the partial amount', async () => {
    const sent = serve(stored('ada@example.org'));
    const { user } = renderPage(<PledgePage />);
    await fillDonor(user);
    await user.type(screen.getByLabelText(/Total Pledge/), '500');
    await user.click(screen.getByLabelText('Partial Payment'));
    await user.type(screen.getByLabelText(/Amount to Pay Now/), '120.50');
    await user.click(screen.getByLabelText('Full Payment'));
    await user.click(screen.getByLabelText('Partial Payment'));
    expect(screen.getByLabelText(/Amount to Pay Now/)).toHaveProperty('value', '');
    expect(screen.getByText(/Remaining balance/).textContent).toBe('Remaining balance: £500.00');

    await user.type(screen.getByLabelText(/Amount to Pay Now/), '600');
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));
    expect(await screen.findByText('Amount to pay now cannot be more than the total pledge.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Amount to Pay Now/));
    await user.type(screen.getByLabelText(/Amount to Pay Now/), '120.5');
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ payment_type: 'partial', total_pledge: '500.00', payment_amount: '120.50' });
  });

  it("shows the server's first message under each field it refused", async () => {
    serve({
      status: 400,
      body: {
        pay_by_date: ['Pay-by date cannot be in the past.', 'Another'],
        email: ['Enter a valid email address.'],
      },
    });
    const { user } = renderPage(<PledgePage />);
    await fillDonor(user);
    await user.type(screen.getByLabelText(/Total Pledge/), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));

    const payBy = screen.getByLabelText(/Pay By Date/);
    await waitFor(() => expect(payBy.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = payBy.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Pay-by date cannot be in the past.');
    expect(screen.queryByText('Another')).toBeNull();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
  });

  it("reads 'Processing...' while sending, then thanks the donor and starts afresh on Close", async () => {
    let answer!: () => void;
    serve(stored('ada@example.org'), new Promise((resolve) => (answer = resolve)));
    const { user } = renderPage(<PledgePage />);
    await fillDonor(user);
    await user.type(screen.getByLabelText(/Total Pledge/), '75');
    await user.click(screen.getByLabelText('Partial Payment'));
    await user.type(screen.getByLabelText(/Amount to Pay Now/), '25');
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));
    const sending = await screen.findByRole('button', { name: 'Processing...' });
    expect(sending).toHaveProperty('disabled', true);
    answer();

    const thanks = await screen.findByRole('dialog', { name: 'Thank You' });
    expect(within(thanks).getByText('ada@example.org')).toBeTruthy();
    // The footer's Close, not the corner's ×, which shares its name.
    await user.click(within(thanks).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/First Name/)).toHaveProperty('value', '');
    expect(screen.getByLabelText(/Total Pledge/)).toHaveProperty('value', '');
    expect(screen.getByLabelText(/Pay By Date/)).toHaveProperty('value', '2026-02-28');
    expect(screen.getByLabelText('Full Payment')).toHaveProperty('checked', true);
  });

  it.each([
    ['no answer at all', 'offline' as const, 'An error occurred. Please check your connection and try again.'],
    ['a message', { status: 429, body: { detail: 'Too many requests.' } }, 'Too many requests.'],
    ['nothing to say', { status: 500, body: 'Internal Server Error' }, 'An error occurred. Please try again.'],
  ])('says what went wrong when the server gives %s', async (_, answer, message) => {
    serve(answer);
    const { user } = renderPage(<PledgePage />);
    await fillDonor(user);
    await user.type(screen.getByLabelText(/Total Pledge/), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Pledge' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
