import { useState } from 'react';
import { Button } from '../../components/Button';
import { FundProgress } from '../../components/FundProgress';
import { Modal } from '../../components/Modal';
import { PageHero } from '../../components/PageHero';
import { PledgeForm } from './PledgeForm';
import { PledgeInfo } from './PledgeInfo';
import styles from './PledgePage.module.css';

interface Thanks {
  email: string;
  reset: () => void;
}

export function PledgePage() {
  const [thanks, setThanks] = useState<Thanks | null>(null);
  const [surname, setSurname] = useState('');
  const close = () => {
    thanks?.reset();
    setSurname('');
    setThanks(null);
  };

  return (
    <>
      <PageHero eyebrow="Building Fund" title="Build With Us">
        <p>
          We are raising funds for a home of our own: a place to worship, to welcome our neighbours and to serve north
          London for years to come. Pledge what you can, in full or in part, by a date that suits you.
        </p>
      </PageHero>
      <FundProgress className={`container ${styles.progress}`} />
      <div className={`container ${styles.layout}`}>
        <PledgeForm onPledged={(email, reset) => setThanks({ email, reset })} onSurnameChange={setSurname} />
        <PledgeInfo surname={surname} />
      </div>
      <Modal
        open={thanks !== null}
        onClose={close}
        title="Thank You"
        size="sm"
        footer={<Button onClick={close}>Close</Button>}
      >
        <p>
          Thank you for your pledge to the building fund. Your generosity helps us build a home for our church family.
        </p>
        <p>
          We will be in touch at <strong>{thanks?.email}</strong> about your pledge.
        </p>
      </Modal>
    </>
  );
}
