import { STAFF_SEARCH_MAX_LENGTH } from '@gather/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { foundChoices, placeChoices, useStaffSearch, type PaletteChoice } from './palette-places';
import type { StaffGroup } from '../../lib/staff-sections';
import styles from './CommandPalette.module.css';

/** Ctrl+K, or ⌘K on a Mac, opens the palette from anywhere in the console, even from inside a form's field. */
export function usePaletteShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/**
 * Go to any place of the console, person, event, e-mail or pledge by typing: the ARIA combobox pattern, so the
 * text field keeps the focus while the arrows move through the choices and Enter opens the one marked.
 */
export function CommandPalette({ groups, onClose }: { groups: StaffGroup[]; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const found = useStaffSearch(typed);
  const choices = [...placeChoices(groups, typed), ...foundChoices(found.data)];
  const marked = Math.min(active, choices.length - 1);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function choose(choice: PaletteChoice | undefined) {
    if (!choice) return;
    // Closed through the dialog, so the browser gives the focus back to where it was before the palette opened.
    dialog.current?.close();
    if (choice.newTab) window.open(choice.to, '_blank', 'noopener,noreferrer');
    else navigate(choice.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = choices.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: marked >= last ? 0 : marked + 1,
      ArrowUp: marked <= 0 ? last : marked - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves && choices.length) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(choices[marked]);
    }
  }

  const optionId = (index: number) => `${ids}-choice-${index}`;
  const searching = found.isFetching && typed.trim().length > 1;
  return (
    <dialog
      ref={dialog}
      className={styles.palette}
      aria-label="Go to"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <label htmlFor={`${ids}-input`} className="visually-hidden">
        Go to a section, person, event, e-mail or pledge
      </label>
      <input
        id={`${ids}-input`}
        className={styles.input}
        role="combobox"
        aria-expanded={choices.length > 0}
        aria-controls={`${ids}-choices`}
        aria-autocomplete="list"
        aria-activedescendant={choices.length ? optionId(marked) : undefined}
        placeholder="Go to a section, person, event, e-mail or pledge…"
        autoComplete="off"
        spellCheck={false}
        maxLength={STAFF_SEARCH_MAX_LENGTH}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={`${ids}-choices`} role="listbox" aria-label="Places and records" className={styles.choices}>
        {choices.map((choice, index) => (
          <li
            key={choice.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === marked}
            className={styles.choice}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(choice)}
          >
            <span className={styles.kind}>{choice.kind}</span>
            <span className={styles.label}>{choice.label}</span>
            {choice.detail && <span className={styles.detail}>{choice.detail}</span>}
            {choice.newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
          </li>
        ))}
      </ul>
      <p className={styles.status} role="status">
        {searching ? 'Searching…' : choices.length === 0 ? 'Nothing matches.' : ''}
      </p>
      <p className={styles.help}>
        <kbd>↑</kbd> <kbd>↓</kbd> to choose, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
      </p>
    </dialog>
  );
}
