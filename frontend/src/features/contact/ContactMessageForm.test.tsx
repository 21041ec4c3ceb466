import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formClock } from '../../lib/spam-check';
import { renderPage } from '../../test/render-page';
import { answerEveryCallWith } from '../../test/answers';
import { ContactMessageForm } from './ContactMessageForm';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The form's clock, moved by the test: a minute passes while the visitor types. */
function clockAt(start: number) {
  let now = start;
  vi.spyOn(formClock, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => (now += ms) };
}

async function fillIn(user: ReturnType<typeof renderPage>['user'], email = 'ruth@example.org') {
  await user.type(screen.getByLabelText(/^Name/), 'Ruth Obi');
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Subject/), 'Baptism');
  await user.type(screen.getByLabelText(/^Message/), 'How do I get baptised?');
}

describe('the contact form', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    const fetch = answerEveryCallWith(201, {});
    const { user } = renderPage(<ContactMessageForm />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // The form's checks run asynchronously (react-hook-form): wait for their marks.
    await waitFor(() => expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getAllByText('This field may not be blank.')).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the message, shows the server's thanks and empties the form", async () => {
    const fetch = answerEveryCallWith(201, { message: 'Thanks, Ruth!' });
    const clock = clockAt(5_000);
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user, 'Ruth@Example.org');
    clock.advance(60_000);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Thanks, Ruth!')).toBeTruthy();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/contact/');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ruth Obi',
      email: 'ruth@example.org',
      phone: '',
      subject: 'Baptism',
      message: 'How do I get baptised?',
      // The newsletter box starts unticked: no consent unless the visitor ticks it.
      newsletter_consent: false,
      website: '',
      fill_time_ms: 60_000,
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps its hidden spam field out of sight, out of reach and empty, and times each message from the last', async () => {
    const fetch = answerEveryCallWith(201, {});
    const clock = clockAt(0);
    const { user } = renderPage(<ContactMessageForm />);
    expect(screen.queryByRole('textbox', { name: /Website/ })).toBeNull();
    const hidden = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(hidden.tabIndex).toBe(-1);
    expect(hidden.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(hidden.autocomplete).toBe('off');

    await user.click(screen.getByLabelText(/^Name/));
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(document.activeElement).not.toBe(hidden);
    }

    await fillIn(user);
    clock.advance(9_000);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText("Thank you for contacting us! We'll respond to your message soon.");
    await fillIn(user);
    clock.advance(4_000);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const sent = fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent.map((body) => [body.website, body.fill_time_ms])).toEqual([
      ['', 9_000],
      ['', 4_000],
    ]);
  });

  it("puts the server's field messages under their fields", async () => {
    answerEveryCallWith(400, { subject: ['Ensure this field has no more than 200 characters.'] });
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Ensure this field has no more than 200 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^Subject/).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ruth Obi');
  });

  it('tells a visitor who sent too much to wait, in the server’s words, and anything else to try again', async () => {
    answerEveryCallWith(429, { detail: 'Request was throttled. Expected available in 60 seconds.' });
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Request was throttled. Expected available in 60 seconds.')).toBeTruthy();

    answerEveryCallWith(500, { detail: 'Server error.' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('There was an error submitting your form. Please try again.')).toBeTruthy();
  });

  it("reads 'Sending...' and cannot be sent twice while the message is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    answer(new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByText("Thank you for contacting us! We'll respond to your message soon.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Message' }).hasAttribute('disabled')).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
