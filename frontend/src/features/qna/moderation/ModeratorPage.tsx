/** Placeholder: Q&A Moderation */
export function ModeratorPage() {
  return <h1>Q&A Moderation</h1>;
}
