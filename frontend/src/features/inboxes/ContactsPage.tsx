/** Placeholder: Contact Submissions */
export function ContactsPage() {
  return <h1>Contact Submissions</h1>;
}
