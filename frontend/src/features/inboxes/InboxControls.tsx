import { Field, Input, Select } from '../../components/Field';
import type { InboxState } from './useInboxState';
import styles from './Inbox.module.css';

interface InboxControlsProps {
  state: InboxState;
  searchHint: string;
  filterLabel: string;
  options: { value: string; label: string }[];
}

export function InboxControls({ state, searchHint, filterLabel, options }: InboxControlsProps) {
  return (
    <div className={styles.controls}>
      <Field label="Search">
        {(control) => (
          <Input
            {...control}
            type="search"
            placeholder={searchHint}
            value={state.search}
            onChange={(event) => state.setSearch(event.target.value)}
          />
        )}
      </Field>
      <Field label={filterLabel}>
        {(control) => (
          <Select {...control} value={state.filter} onChange={(event) => state.setFilter(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
