import { GIFT_AID_BOOST, GIFT_AID_EXPLANATION, GIFT_AID_LIMITS, giftAidDeclarationText } from '@gather/contracts';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useChurchName } from '../lib/site';
import { Choice, Field, Input } from './Field';
import styles from './GiftAidDeclaration.module.css';

export interface GiftAidDeclarationProps {
  ticked: boolean;
  box: UseFormRegisterReturn;
  title: UseFormRegisterReturn;
  house: UseFormRegisterReturn;
  postcode: UseFormRegisterReturn;
  errors: { title?: string; house?: string; postcode?: string };
}

/**
 * HMRC's Gift Aid declaration on a giving form: the unticked box in HMRC's model words, and the home
 * address HMRC needs, asked for only once the box is ticked. The address follows the box, so the
 * keyboard reaches it next.
 */
export function GiftAidDeclaration({ ticked, box, title, house, postcode, errors }: GiftAidDeclarationProps) {
  const churchName = useChurchName();
  const addressId = useId();
  return (
    <div className={styles.giftAid}>
      <p className={styles.boost}>
        <strong>{GIFT_AID_BOOST}</strong> {GIFT_AID_EXPLANATION}
      </p>
      <Choice
        type="checkbox"
        label={giftAidDeclarationText(churchName)}
        aria-controls={ticked ? addressId : undefined}
        {...box}
      />
      {ticked && (
        <fieldset id={addressId} className={styles.address}>
          <legend className={styles.legend}>Your home address, for Gift Aid</legend>
          <div className={styles.row}>
            <Field label="Title (optional)" error={errors.title}>
              {(control) => (
                <Input {...control} autoComplete="honorific-prefix" maxLength={GIFT_AID_LIMITS.title} {...title} />
              )}
            </Field>
            <Field label="House name or number" required error={errors.house}>
              {(control) => <Input {...control} autoComplete="address-line1" {...house} />}
            </Field>
            <Field label="Postcode" required error={errors.postcode}>
              {(control) => <Input {...control} autoComplete="postal-code" {...postcode} />}
            </Field>
          </div>
        </fieldset>
      )}
    </div>
  );
}
