import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { ContactMessageForm } from './ContactMessageForm';

function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

async function fillIn(user: ReturnType<typeof renderPage>['user'], email = 'ruth@example.org') {
  await user.type(screen.getByLabelText(/^Name/), 'Ruth Obi');
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Subject/), 'Baptism');
  await user.type(screen.getByLabelText(/^Message/), 'How do I get baptised?');
}

describe('the contact form', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    const fetch = answerWith(201, {});
    const { user } = renderPage(<ContactMessageForm />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getAllByText('This field may not be blank.')).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the message, shows the server's thanks and empties the form", async () => {
    const fetch = answerWith(201, { message: 'Thanks, Ruth!' });
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user, 'Ruth@Example.org');
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
    });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it("puts the server's field messages under their fields", async () => {
    answerWith(400, { subject: ['Ensure this field has no more than 200 characters.'] });
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Ensure this field has no more than 200 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^Subject/).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ruth Obi');
  });

  it('tells a visitor who sent too much to wait, in the server’s words, and anything else to try again', async () => {
    answerWith(429, { detail: 'Request was throttled. Expected available in 60 seconds.' });
    const { user } = renderPage(<ContactMessageForm />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Request was throttled. Expected available in 60 seconds.')).toBeTruthy();

    answerWith(500, { detail: 'Server error.' });
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
