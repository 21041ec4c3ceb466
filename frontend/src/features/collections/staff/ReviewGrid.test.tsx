import type { ReviewDecision } from '@gather/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { upload } from '../../../test/fixtures';
import { ReviewGrid } from './ReviewGrid';

const waiting = [1, 2, 3, 4].map((id) =>
  upload(id, 10 - id, { approval: 'pending', status: 'ready', uploader_name: `Guest ${id}` }),
);

function setUp() {
  const decisions: Array<[number[], ReviewDecision]> = [];
  const onDecide = vi.fn((ids: number[], decision: ReviewDecision) => void decisions.push([ids, decision]));
  render(<ReviewGrid uploads={waiting} busy={false} onDecide={onDecide} />);
  const option = (id: number) => screen.getByRole('option', { name: `photo-${id}.jpg, from Guest ${id}` });
  return { decisions, option, user: userEvent.setup() };
}

describe('the review grid', () => {
  it('is a multi-select list with one upload in the tab order', () => {
    const { option } = setUp();
    expect(
      screen.getByRole('listbox', { name: 'Uploads waiting for approval' }).getAttribute('aria-multiselectable'),
    ).toBe('true');
    expect(option(1).getAttribute('tabindex')).toBe('0');
    expect(option(2).getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('option').every((each) => each.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('moves with the arrows, selects with Space and approves the selection with A', async () => {
    const { decisions, option, user } = setUp();
    option(1).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(option(2));
    await user.keyboard(' {ArrowRight}{ArrowRight} ');
    expect(option(2).getAttribute('aria-selected')).toBe('true');
    expect(option(3).getAttribute('aria-selected')).toBe('false');
    expect(option(4).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('2 of 4 selected');
    await user.keyboard('a');
    expect(decisions).toEqual([[[2, 4], 'approve']]);
  });

  it('extends the selection with Shift+arrows and rejects it with R', async () => {
    const { decisions, option, user } = setUp();
    option(1).focus();
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(document.activeElement).toBe(option(3));
    await user.keyboard('r');
    expect(decisions).toEqual([[[1, 2, 3], 'reject']]);
  });

  it('selects everything with Ctrl+A, and decides on the upload in focus when nothing is selected', async () => {
    const { decisions, option, user } = setUp();
    option(1).focus();
    await user.keyboard('{End}a');
    expect(decisions).toEqual([[[4], 'approve']]);
    await user.keyboard('{Control>}a{/Control}');
    expect(screen.getByRole('status').textContent).toBe('4 of 4 selected');
    await user.click(screen.getByRole('button', { name: 'Reject 4 selected' }));
    expect(decisions.at(-1)).toEqual([[1, 2, 3, 4], 'reject']);
  });
});
