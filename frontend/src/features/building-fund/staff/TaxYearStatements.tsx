import { todayIn } from '@gather/contracts';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useConfirm } from '../../../components/Confirm';
import { Field, Select } from '../../../components/Field';
import { useToast } from '../../../components/Toast';
import { useSendTaxYearStatements } from './api';

/** "2025–26" for the UK tax year that began on 6 April 2025. */
const taxYearName = (start: number) => `${start}–${String(start + 1).slice(2)}`;

/** The tax year under way (the church's calendar) and the four before it, newest first. */
function recentTaxYears(): string[] {
  const today = todayIn('Europe/London');
  const year = Number(today.slice(0, 4));
  const current = today.slice(5) >= '04-06' ? year : year - 1;
  return Array.from({ length: 5 }, (_, back) => taxYearName(current - back));
}

/** Every donor with gifts in the chosen tax year gets their own statement, sent as one campaign. */
export function TaxYearStatements() {
  const toast = useToast();
  const confirm = useConfirm();
  const years = recentTaxYears();
  const [taxYear, setTaxYear] = useState(years[1]!);
  const send = useSendTaxYearStatements();

  async function sendAll() {
    const sure = await confirm({
      title: 'Send statements',
      message: `E-mail every donor with gifts received in the tax year ${taxYear} (6 April to 5 April) their own statement? You can follow each one in Send Emails.`,
      confirmLabel: 'Send statements',
      tone: 'primary',
    });
    if (!sure) return;
    send.mutate(taxYear, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: () => toast.error('Error sending statements. Please try again.'),
    });
  }

  return (
    <>
      <Field label="Tax year">
        {(control) => (
          <Select {...control} value={taxYear} onChange={(event) => setTaxYear(event.target.value)}>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button variant="secondary" busy={send.isPending} onClick={() => void sendAll()}>
        Send statements
      </Button>
    </>
  );
}
