import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import styles from './RowActions.module.css';

const GAP_PX = 4;
const ITEM_HEIGHT_PX = 38;

export interface RowAction {
  label: string;
  onSelect: () => void;
  /** Deletions and endings: quiet in the menu, and the caller confirms them. */
  danger?: boolean;
}

/**
 * A table row's actions behind one "Actions for <name>" button, so a row stays narrow.
 * The list is placed on the page itself, so a table's sideways-scrolling frame cannot clip it.
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  /** Under the button, or over it when the window ends first (a row at the bottom of the screen). */
  const placeByButton = () => {
    const box = button.current?.getBoundingClientRect();
    if (!box) return;
    // Before the list is drawn its height is guessed from its items.
    const height = menu.current?.offsetHeight ?? actions.length * ITEM_HEIGHT_PX + 8;
    const below = box.bottom + GAP_PX;
    const fitsBelow = below + height <= window.innerHeight - GAP_PX || box.top - GAP_PX - height < 0;
    setPlace({
      top: fitsBelow ? below : box.top - GAP_PX - height,
      right: Math.max(GAP_PX, window.innerWidth - box.right),
    });
  };
  useLayoutEffect(() => {
    if (open) placeByButton();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // The list is fixed to the window: it follows its button as the page or the table's frame scrolls.
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', placeByButton);
    window.addEventListener('scroll', placeByButton, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', placeByButton);
      window.removeEventListener('scroll', placeByButton, true);
    };
  }, [open]);

  function onMenuKey(event: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => all[(index + all.length) % all.length]?.focus();
    // Tab as well as Escape: the list sits at the end of the page, so focus goes back to the button.
    if (event.key === 'Escape' || event.key === 'Tab') close(true);
    else if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(all.length - 1);
    else return;
    event.preventDefault();
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">Actions for {name}</span>
      </button>
      {open &&
        place &&
        createPortal(
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={`Actions for ${name}`}
            className={styles.menu}
            style={{ top: place.top, right: place.right }}
            onKeyDown={onMenuKey}
          >
            {actions.map((action, index) => (
              <li key={action.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  // A menu opens with its first item in hand, as the arrows then expect.
                  autoFocus={index === 0}
                  className={action.danger ? `${styles.item} ${styles.danger}` : styles.item}
                  onClick={() => {
                    close(true);
                    action.onSelect();
                  }}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
