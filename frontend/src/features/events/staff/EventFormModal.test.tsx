import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { EventFormModal } from './EventFormModal';

/** Stands in for the browser's XMLHttpRequest, which `api.upload` sends multipart forms with. */
class RecordingUpload {
  static sent: { method: string; path: string; body: FormData }[] = [];
  upload = { onprogress: null };
  status = 201;
  responseText = JSON.stringify({ id: 7 });
  onload: (() => void) | null = null;
  private method = '';
  private path = '';
  open(method: string, path: string) {
    this.method = method;
    this.path = path;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    RecordingUpload.sent.push({ method: this.method, path: this.path, body });
    queueMicrotask(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingUpload.sent = [];
});

describe('the event form', () => {
  it('sends the filled-in fields as multipart and leaves the empty ones out', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingUpload);
    const onClose = vi.fn();
    const { user } = renderPage(<EventFormModal onClose={onClose} />);

    await user.type(screen.getByLabelText(/^Title/), 'Carol Service');
    await user.type(screen.getByLabelText(/^Description/), 'Candles and carols by the tree.');
    fireEvent.change(screen.getByLabelText(/^Date and time/), { target: { value: '2026-12-20T18:30' } });
    await user.type(screen.getByLabelText(/^Location/), 'Main hall');
    await user.type(screen.getByLabelText(/^Price/), '0.00');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await vi.waitFor(() => expect(RecordingUpload.sent).toHaveLength(1));
    const [{ method, path, body }] = RecordingUpload.sent as [(typeof RecordingUpload.sent)[number]];
    expect([method, path]).toEqual(['POST', '/api/events/']);
    expect(Object.fromEntries(body.entries())).toEqual({
      title: 'Carol Service',
      event_type: 'special',
      description: 'Candles and carols by the tree.',
      date: '2026-12-20T18:30',
      location: 'Main hall',
      link_type: 'learn_more',
      price: '0.00',
      status: 'upcoming',
      is_featured: 'false',
      is_special: 'false',
    });
    expect(await screen.findByText('Event created successfully!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('checks the required fields in the browser and sends nothing', async () => {
    vi.stubGlobal('XMLHttpRequest', RecordingUpload);
    const { user } = renderPage(<EventFormModal onClose={() => undefined} />);
    await user.type(screen.getByLabelText(/^Contact email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    // The form checks its fields asynchronously: on a busy machine the marks come a moment after the click.
    await waitFor(() => expect(screen.getByLabelText(/^Title/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/^Contact email/).getAttribute('aria-invalid')).toBe('true');
    expect(RecordingUpload.sent).toHaveLength(0);
  });
});
