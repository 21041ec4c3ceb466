/** Placeholder: Send Emails */
export function EmailsSection() {
  return <h1>Send Emails</h1>;
}
