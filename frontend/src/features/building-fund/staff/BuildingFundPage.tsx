import { useSearchParams } from 'react-router-dom';
import { PageTabs, useCurrentTab } from '../../../components/PageTabs';
import staffPage from '../../../components/StaffPage.module.css';
import { FundGoalForm } from './FundGoalForm';
import { GiftAidSection } from './gift-aid/GiftAidSection';
import { OneOffGifts } from './OneOffGifts';
import { PledgesPage } from './PledgesPage';
import { TaxYearStatements } from './TaxYearStatements';
import styles from './PledgesPage.module.css';

const TABS = [
  { id: 'pledges', label: 'Pledges' },
  { id: 'gifts', label: 'Gifts' },
  { id: 'gift-aid', label: 'Gift Aid' },
  { id: 'goal', label: 'Goal' },
] as const;

/** The building fund in four parts, one on screen at a time, each with its own address (`?tab=`). */
export function BuildingFundPage() {
  const tab = useCurrentTab(TABS);
  const [params] = useSearchParams();
  return (
    <div className={staffPage.page}>
      <h1 className={staffPage.title}>Building Fund</h1>
      <PageTabs label="Building Fund" tabs={TABS} current={tab} />
      {tab === 'pledges' && <PledgesPage key={params.get('search') ?? ''} />}
      {tab === 'gifts' && (
        <>
          <OneOffGifts />
          <section className={styles.panel} aria-labelledby="statements-title">
            <h2 id="statements-title" className={styles.panelTitle}>
              Tax-year statements
            </h2>
            <p className={styles.panelIntro}>
              Every donor with gifts in the tax year gets their own statement by e-mail, sent as one campaign.
            </p>
            <div className={styles.statements}>
              <TaxYearStatements />
            </div>
          </section>
        </>
      )}
      {tab === 'gift-aid' && <GiftAidSection />}
      {tab === 'goal' && <FundGoalForm />}
    </div>
  );
}
