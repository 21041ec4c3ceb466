import { Field, SearchField, Select } from '../Field';
import type { InboxState } from './useInboxState';
import staffPage from '../StaffPage.module.css';
import styles from './Inbox.module.css';

interface InboxControlsProps {
  state: InboxState;
  searchHint: string;
  filterLabel: string;
  options: { value: string; label: string }[];
}

export function InboxControls({ state, searchHint, filterLabel, options }: InboxControlsProps) {
  return (
    <div className={`${staffPage.controls} ${styles.controls}`}>
      <SearchField hint={searchHint} value={state.search} onSearch={state.setSearch} />
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
