import type { ReviewDecision, StaffCollectionUpload } from '@gather/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/States';
import { mediaUrl } from '../../../lib/api';
import styles from './ReviewGrid.module.css';

interface ReviewGridProps {
  /** The uploads waiting for a decision, newest first. */
  uploads: StaffCollectionUpload[];
  busy: boolean;
  onDecide: (ids: number[], decision: ReviewDecision) => void;
}

/**
 * Waiting uploads as a multi-select listbox laid out in a grid, for deciding quickly during an
 * event: arrows move, Space selects, Shift+arrows extend, Ctrl/Cmd+A selects all, A approves and
 * R rejects the selection (or, with nothing selected, the upload in focus). Buttons do the same.
 */
export function ReviewGrid({ uploads, busy, onDecide }: ReviewGridProps) {
  const [focused, setFocused] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const options = useRef(new Map<number, HTMLDivElement>());
  const list = useRef<HTMLDivElement>(null);
  const keyboardMoved = useRef(false);
  const helpId = useId();

  const at = Math.min(focused, uploads.length - 1);
  const current = uploads[at];
  // Uploads decided elsewhere leave the list, and with it the selection.
  const chosen = uploads.filter((upload) => selected.has(upload.id)).map((upload) => upload.id);
  const targets = chosen.length ? chosen : current ? [current.id] : [];

  useEffect(() => {
    if (!keyboardMoved.current || !current) return;
    keyboardMoved.current = false;
    options.current.get(current.id)?.focus();
  }, [current]);

  const decide = (decision: ReviewDecision, ids = targets) => {
    if (!ids.length || busy) return;
    onDecide(ids, decision);
    setSelected(new Set());
    setAnchor(null);
  };

  const selectRange = (from: number, to: number) => {
    const [low, high] = from < to ? [from, to] : [to, from];
    setSelected(new Set(uploads.slice(low, high + 1).map((upload) => upload.id)));
  };

  const toggle = (index: number) => {
    const id = uploads[index]!.id;
    setSelected((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
    setAnchor(index);
  };

  const moveTo = (index: number, extend: boolean) => {
    const next = Math.max(0, Math.min(uploads.length - 1, index));
    keyboardMoved.current = true;
    setFocused(next);
    if (extend) {
      const from = anchor ?? at;
      setAnchor(from);
      selectRange(from, next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!uploads.length) return;
    const columns = columnsOf(list.current);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + columns,
      ArrowUp: at - columns,
      Home: 0,
      End: uploads.length - 1,
    };
    const key = event.key;
    if (key in moves) {
      event.preventDefault();
      moveTo(moves[key]!, event.shiftKey);
    } else if (key === ' ') {
      event.preventDefault();
      toggle(at);
    } else if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelected(new Set(uploads.map((upload) => upload.id)));
    } else if (!event.ctrlKey && !event.metaKey && !event.altKey && key.toLowerCase() === 'a') {
      event.preventDefault();
      decide('approve');
    } else if (!event.ctrlKey && !event.metaKey && !event.altKey && key.toLowerCase() === 'r') {
      event.preventDefault();
      decide('reject');
    }
  };

  const onClick = (event: MouseEvent, index: number) => {
    setFocused(index);
    if (event.shiftKey) selectRange(anchor ?? at, index);
    else toggle(index);
  };

  const count = chosen.length;
  return (
    <div className={styles.review}>
      <div className={styles.toolbar} role="toolbar" aria-label="Decide on the selected uploads">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setSelected(new Set(uploads.map((upload) => upload.id)))}
          disabled={!uploads.length}
        >
          Select All
        </Button>
        <Button size="sm" onClick={() => decide('approve', chosen)} disabled={!count || busy}>
          {`Approve ${count || ''} selected`.replace('  ', ' ')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => decide('reject', chosen)} disabled={!count || busy}>
          {`Reject ${count || ''} selected`.replace('  ', ' ')}
        </Button>
        <p className={styles.status} role="status">
          {count} of {uploads.length} selected
        </p>
      </div>
      <p id={helpId} className={styles.help}>
        Arrow keys move, Space selects, Shift+arrows select a range, Ctrl+A selects all, A approves and R rejects.
      </p>
      <div
        ref={list}
        role="listbox"
        aria-multiselectable="true"
        aria-label="Uploads waiting for approval"
        aria-describedby={helpId}
        className={styles.grid}
        onKeyDown={onKeyDown}
      >
        {uploads.map((upload, index) => {
          const isSelected = selected.has(upload.id);
          return (
            <div
              key={upload.id}
              ref={(element) => {
                if (element) options.current.set(upload.id, element);
                else options.current.delete(upload.id);
              }}
              role="option"
              aria-selected={isSelected}
              aria-label={`${upload.original_filename}, from ${upload.uploader_name}`}
              tabIndex={index === at ? 0 : -1}
              className={styles.option}
              onFocus={() => setFocused(index)}
              onClick={(event) => onClick(event, index)}
            >
              <Preview upload={upload} />
              <span className={styles.caption}>{upload.uploader_name}</span>
              {isSelected && (
                <span className={styles.tick} aria-hidden="true">
                  ✓
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Preview({ upload }: { upload: StaffCollectionUpload }) {
  const picture = upload.thumbnail ?? upload.poster;
  if (upload.status === 'processing') {
    return (
      <span className={styles.picture}>
        <Spinner label={`Processing ${upload.original_filename}`} />
      </span>
    );
  }
  if (!picture) {
    return (
      <span className={styles.picture}>
        {upload.status === 'failed' ? 'Failed' : upload.file_type === 'video' ? 'Video' : 'File'}
      </span>
    );
  }
  return <img className={styles.picture} src={mediaUrl(picture)} alt="" loading="lazy" />;
}

/** How many options sit on the first row of the grid as laid out now (all of them where nothing is laid out). */
function columnsOf(list: HTMLElement | null): number {
  const children = list ? [...list.children] : [];
  const top = (children[0] as HTMLElement | undefined)?.offsetTop;
  const first = children.filter((child) => (child as HTMLElement).offsetTop === top).length;
  return Math.max(1, first);
}
