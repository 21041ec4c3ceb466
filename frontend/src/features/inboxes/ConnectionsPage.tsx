/** Placeholder: Connect Submissions */
export function ConnectionsPage() {
  return <h1>Connect Submissions</h1>;
}
