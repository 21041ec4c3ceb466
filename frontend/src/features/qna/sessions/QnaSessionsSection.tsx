/** Placeholder: Q&A Sessions */
export function QnaSessionsSection() {
  return <h1>Q&A Sessions</h1>;
}
