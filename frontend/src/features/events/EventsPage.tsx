/** Placeholder: Events */
export function EventsPage() {
  return <h1>Events</h1>;
}
