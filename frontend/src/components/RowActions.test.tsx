import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './RowActions';

function renderMenu() {
  const follow = vi.fn();
  const remove = vi.fn();
  render(
    <>
      <p>Elsewhere</p>
      <RowActions
        name="Ann Lee"
        actions={[
          { label: 'Send follow-up', onSelect: follow },
          { label: 'Delete', onSelect: remove, danger: true },
        ]}
      />
    </>,
  );
  return { follow, remove, button: screen.getByRole('button', { name: 'Actions for Ann Lee' }) };
}

describe('a row’s actions menu', () => {
  it('opens on its first item, moves with the arrows and closes with Escape back to its button', async () => {
    const user = userEvent.setup();
    const { button } = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const [follow, remove] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(follow);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(remove);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(follow);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(remove);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('runs the chosen item once and closes; a click elsewhere closes it without running anything', async () => {
    const user = userEvent.setup();
    const { follow, remove, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
    expect(follow).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
