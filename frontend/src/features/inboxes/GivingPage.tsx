/** Placeholder: Giving Notifications */
export function GivingPage() {
  return <h1>Giving Notifications</h1>;
}
