import { useRef } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, TextArea } from '../../../components/Field';
import { useChurchName } from '../../../lib/site';
import { wrapSelection, type Formatting } from './formatting';
import type { EmailForm } from './useEmailForm';
import styles from './EmailsSection.module.css';

const BLESSING =
  'The Lord bless you and keep you; the Lord make his face shine on you and be gracious to you; ' +
  'the Lord turn his face toward you and give you peace. (Numbers 6:24-26)';

const FORMATS: { tag: Formatting; label: string; text: string }[] = [
  { tag: 'b', label: 'Bold', text: 'B' },
  { tag: 'i', label: 'Italic', text: 'I' },
  { tag: 'u', label: 'Underline', text: 'U' },
];

export function MessageEditor({ form }: { form: EmailForm }) {
  const church = useChurchName();
  const content = useRef<HTMLTextAreaElement>(null);
  const { subject, content: text } = form.state;

  function append(addition: string) {
    form.update({ content: text.trim() ? `${text.trimEnd()}\n\n${addition}` : addition });
  }

  function format(tag: Formatting) {
    const area = content.current;
    if (!area) return;
    const next = wrapSelection(text, area.selectionStart, area.selectionEnd, tag);
    form.update({ content: next.text });
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.start, next.end);
    });
  }

  return (
    <fieldset className={styles.panel}>
      <legend className={styles.panelTitle}>Message</legend>
      <Field label="Subject" required>
        {(control) => (
          <Input {...control} value={subject} onChange={(event) => form.update({ subject: event.target.value })} />
        )}
      </Field>
      <div className={styles.toolbar} role="toolbar" aria-label="Formatting and templates">
        {FORMATS.map(({ tag, label, text: letter }) => (
          <Button key={tag} size="sm" variant="ghost" aria-label={label} title={label} onClick={() => format(tag)}>
            <span className={styles[`format-${tag}`]}>{letter}</span>
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => append(BLESSING)}>
          Insert blessing
        </Button>
        <Button size="sm" variant="ghost" onClick={() => append(`With love and blessings,\nThe ${church} team`)}>
          Insert signature
        </Button>
      </div>
      <Field label="Content" required hint="Write {name} where each recipient's name should go.">
        {(control) => (
          <TextArea
            {...control}
            ref={content}
            rows={10}
            value={text}
            onChange={(event) => form.update({ content: event.target.value })}
          />
        )}
      </Field>
    </fieldset>
  );
}
