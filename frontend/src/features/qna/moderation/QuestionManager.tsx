import { QUESTION_CATEGORIES, QUESTION_STATUSES, type StaffQuestion } from '@gather/contracts';
import { Button } from '../../../components/Button';
import { Field, SearchField, Select } from '../../../components/Field';
import { EmptyState } from '../../../components/States';
import { useToast } from '../../../components/Toast';
import { NO_FILTERS, visibleQuestions, type QuestionFilters } from './ordering';
import { QuestionCard } from './QuestionCard';
import type { ModeratorActions } from './useModeratorActions';
import styles from './ModeratorPage.module.css';

interface QuestionManagerProps {
  questions: StaffQuestion[];
  filters: QuestionFilters;
  onFiltersChange: (filters: QuestionFilters) => void;
  actions: ModeratorActions;
}

export function QuestionManager({ questions, filters, onFiltersChange, actions }: QuestionManagerProps) {
  const toast = useToast();
  const shown = visibleQuestions(questions, filters, actions.priority);
  const clear = () => {
    onFiltersChange(NO_FILTERS);
    toast.info('Filters cleared');
  };

  return (
    <section aria-label="Manage questions">
      <div className={styles.filters}>
        <SearchField
          hint="Question or name"
          value={filters.search}
          onSearch={(search) => onFiltersChange({ ...filters, search })}
        />
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={filters.status}
              onChange={(event) =>
                onFiltersChange({ ...filters, status: event.target.value as QuestionFilters['status'] })
              }
            >
              <option value="all">All but answered</option>
              {QUESTION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Category">
          {(control) => (
            <Select
              {...control}
              value={filters.category}
              onChange={(event) =>
                onFiltersChange({ ...filters, category: event.target.value as QuestionFilters['category'] })
              }
            >
              <option value="all">All categories</option>
              {QUESTION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Order">
          {(control) => (
            <Select
              {...control}
              value={filters.order}
              onChange={(event) =>
                onFiltersChange({ ...filters, order: event.target.value as QuestionFilters['order'] })
              }
            >
              <option value="priority">Priority, then oldest</option>
              <option value="votes">Most voted</option>
            </Select>
          )}
        </Field>
        <Button variant="ghost" onClick={clear} className={styles.clear}>
          Clear filters
        </Button>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No Questions Found">Questions appear here the moment they are asked.</EmptyState>
      ) : (
        <div className={styles.grid}>
          {shown.map((question) => (
            <QuestionCard key={question.id} question={question} actions={actions} variant="manage" />
          ))}
        </div>
      )}
    </section>
  );
}
