import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/Button';
import { PageHero } from '../../../components/PageHero';
import { LoadingState } from '../../../components/States';
import { useQnaRoom } from '../live';
import { usePageMeta } from '../../../lib/meta';
import { usePageSettled } from '../../../lib/page-settled';
import { useQnaPanels } from '../../../lib/qna-panels';
import { useAudienceQuestions, usePublicSession } from './api';
import { AudienceQuestions } from './AudienceQuestions';
import { QuestionForm } from './QuestionForm';
import styles from './QuestionSubmitPage.module.css';

const GUIDELINES = [
  'Keep your question respectful and kind.',
  'One question at a time helps the moderators.',
  'Questions are read by the moderators before they are answered.',
  'Leave your name blank to ask anonymously.',
];

export function QuestionSubmitPage() {
  const sessionId = useParams().sessionId ?? '';
  const session = usePublicSession(sessionId);
  const room = useQnaRoom(sessionId, 'audience');
  const open = session.isSuccess && session.data.is_active && !room.ended && room.refusal === null;
  const questions = useAudienceQuestions(sessionId, open);
  // The live poll is no part of what the page loads first, nor of what the server draws.
  const { Audience } = useQnaPanels();
  const settled = usePageSettled();
  usePageMeta({ title: open ? session.data.title : 'Ask a Question' });

  if (session.isPending) {
    return (
      <div className={`container ${styles.page}`}>
        <LoadingState text="Loading session..." />
      </div>
    );
  }
  if (!open) return <SessionNotFound />;

  return (
    <>
      <PageHero eyebrow="Live Q&A" title={session.data.title}>
        {session.data.description && <p>{session.data.description}</p>}
      </PageHero>
      <div className={`container ${styles.page} ${styles.layout}`}>
        <div className={styles.main}>
          {Audience && settled && (
            <Suspense fallback={null}>
              <Audience sessionId={sessionId} />
            </Suspense>
          )}
          <QuestionForm sessionId={sessionId} />
          <AudienceQuestions sessionId={sessionId} questions={questions.data ?? []} />
        </div>
        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="guidelines-title">
            <h2 id="guidelines-title" className={styles.cardTitle}>
              Guidelines
            </h2>
            <ul className={styles.guidelines}>
              {GUIDELINES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

function SessionNotFound() {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.notFound}`}>
        <h1 className={styles.cardTitle}>Session Not Found</h1>
        <p>The Q&amp;A session you're looking for doesn't exist or has ended.</p>
        <ButtonLink to="/">Return Home</ButtonLink>
      </section>
    </div>
  );
}
