import type { CampaignDetail } from '@gather/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { saveDraft, type DraftBody } from './api';

export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying';

/** Typing pauses this long before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** A failed save is tried again after this long, until it is stored. */
export const RETRY_DELAY_MS = 3_000;

interface Options {
  draftId: number | null;
  /** What the editor holds now; null while there is nothing worth saving (an empty form). */
  body: DraftBody | null;
  onCreated: (draft: CampaignDetail) => void;
  /** The draft was deleted or is no longer a draft (sent or scheduled elsewhere). */
  onGone: () => void;
}

/**
 * Saves the editor as a draft while staff type: a pause in typing saves, one save at a time, and
 * a save that fails is tried again until it is stored, so nothing typed is lost.
 */
export function useDraftAutosave({ draftId, body, onCreated, onGone }: Options) {
  const [state, setState] = useState<SaveState>('idle');
  const latest = useRef({ draftId, body, onCreated, onGone });
  latest.current = { draftId, body, onCreated, onGone };
  const savedJson = useRef<string | null>(null);
  /** The draft this editor made, known before the page hears of it. */
  const created = useRef<number | null>(null);
  const running = useRef<Promise<number | null> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const json = body && JSON.stringify(body);

  /** Saves now; answers the draft's id (null when there is nothing to save, or it could not be saved). */
  const save = useCallback((): Promise<number | null> => {
    clearTimeout(timer.current);
    const current = () => latest.current.draftId ?? created.current;
    // One save at a time: the next starts once this one is done, with what the editor then holds.
    running.current = (running.current ?? Promise.resolve(null)).then(async () => {
      const id = current();
      const now = latest.current.body;
      const nowJson = now && JSON.stringify(now);
      if (!now || (nowJson === savedJson.current && id !== null)) return id;
      setState('saving');
      try {
        const saved = await saveDraft(id, now);
        savedJson.current = nowJson;
        if (id === null) {
          created.current = saved.id;
          latest.current.onCreated(saved);
        }
        setState(JSON.stringify(latest.current.body) === nowJson ? 'saved' : 'saving');
        return saved.id;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          savedJson.current = null;
          created.current = null;
          setState('idle');
          latest.current.onGone();
          return null;
        }
        setState('retrying');
        timer.current = setTimeout(() => void save(), RETRY_DELAY_MS);
        return null;
      }
    });
    return running.current;
  }, []);

  useEffect(() => {
    if (!json || json === savedJson.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  }, [json, save]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** The editor was emptied or loaded from a draft: what it holds now counts as saved. */
  const settle = useCallback((saved: DraftBody | null) => {
    clearTimeout(timer.current);
    created.current = null;
    savedJson.current = saved && JSON.stringify(saved);
    setState(saved ? 'saved' : 'idle');
  }, []);

  return { state, save, settle };
}
