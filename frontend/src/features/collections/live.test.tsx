import { liveRooms, type StaffCollectionUpload } from '@gather/contracts';
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION, EXPORT, upload, zip } from '../../test/fixtures';
import { startLiveServer, type LiveServer } from '../../test/live-server';
import { jsonAnswer } from '../../test/answers';
import { fakeApi, renderLiveHook } from '../../test/render';
import { queryKeys } from '../../lib/query-keys';
import { useCollectionRoom, useExportsRoom, useSlideshowRoom } from './live';
import { useExport } from './staff/api';

let server: LiveServer;
beforeEach(async () => {
  server = await startLiveServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  return server.close();
});

describe('useCollectionRoom', () => {
  it('keeps a collection’s uploads as they are received, processed and deleted', async () => {
    const api = fakeApi([upload(1, 10)]);
    const { result, queryClient, unmount } = renderLiveHook(
      () => ({
        room: useCollectionRoom(COLLECTION),
        uploads: useQuery({ queryKey: queryKeys.collections.uploads(COLLECTION), queryFn: api.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.uploads.data).toEqual([upload(1, 10)]));
    const room = server.staff.to(liveRooms.collection(COLLECTION));
    const cached = () => queryClient.getQueryData<StaffCollectionUpload[]>(queryKeys.collections.uploads(COLLECTION));

    room.emit('upload:created', { ...upload(2, 20), collection_id: COLLECTION });
    const ready = upload(2, 20, { status: 'ready', file: '/media/u/2.jpg', thumbnail: '/media/u/2.webp' });
    room.emit('upload:processed', { ...ready, collection_id: COLLECTION });
    room.emit('upload:processed', { ...ready, collection_id: COLLECTION });
    room.emit('upload:deleted', { id: 1, collection_id: COLLECTION });
    await waitFor(() => expect(cached()).toEqual([ready]));

    unmount();
    await waitFor(async () => expect(await server.inRoom(server.staff, liveRooms.collection(COLLECTION))).toBe(0));
  });
});

describe('useSlideshowRoom', () => {
  it('asks for the collection again when staff close it, so the slideshow can say it was deactivated', async () => {
    const api = fakeApi({ id: COLLECTION, name: 'Harvest' });
    const { result } = renderLiveHook(
      () => ({
        room: useSlideshowRoom(COLLECTION, 20),
        collection: useQuery({ queryKey: queryKeys.collections.public(COLLECTION), queryFn: api.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(result.current.collection.isSuccess).toBe(true));
    const before = api.fetches;

    server.audience.to(liveRooms.collection(COLLECTION)).emit('collection:closed', { collection_id: 'another' });
    server.audience.to(liveRooms.collection(COLLECTION)).emit('collection:closed', { collection_id: COLLECTION });
    await waitFor(() => expect(api.fetches).toBe(before + 1));
  });
});

describe('useExportsRoom', () => {
  it('moves a zip’s progress along, and never back to an older report', async () => {
    const zipApi = fakeApi(zip());
    const { result } = renderLiveHook(
      () => ({
        room: useExportsRoom(),
        zip: useQuery({ queryKey: queryKeys.exports.detail(COLLECTION, EXPORT), queryFn: zipApi.fetch }),
      }),
      server.connections,
    );
    await waitFor(() => expect(result.current.room.joined).toBe(true));
    await waitFor(() => expect(zipApi.fetches).toBe(2));
    const jobs = server.staff.to(liveRooms.jobs);

    jobs.emit('job:progress', { kind: 'export', collectionId: COLLECTION, export: zip({ progress: 50 }) });
    const finished = zip({ status: 'ready', progress: 100, file_count: 2, size_bytes: 2048 });
    jobs.emit('job:completed', { kind: 'export', collectionId: COLLECTION, export: finished });
    jobs.emit('job:progress', { kind: 'export', collectionId: COLLECTION, export: zip({ progress: 60 }) });
    await waitFor(() => expect(result.current.zip.data).toEqual(finished));
    expect(zipApi.fetches).toBe(2);
  });

  it('keeps a zip that finished while its record was loading: the older answer does not take "ready" back', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { result } = renderLiveHook(() => {
      const room = useExportsRoom();
      return { room, zip: useExport(COLLECTION, room.joined ? EXPORT : null) };
    }, server.connections);
    await waitFor(() => expect(result.current.zip.isFetching).toBe(true));
    const finished = zip({ status: 'ready', progress: 100, file_count: 1, size_bytes: 1024 });
    server.staff
      .to(liveRooms.jobs)
      .emit('job:completed', { kind: 'export', collectionId: COLLECTION, export: finished });
    await waitFor(() => expect(result.current.zip.data).toEqual(finished));
    // The answer was read before the worker finished the zip.
    answer(jsonAnswer(200, zip()));
    await waitFor(() => expect(result.current.zip.isFetching).toBe(false));
    expect(result.current.zip.data).toEqual(finished);
  });
});
