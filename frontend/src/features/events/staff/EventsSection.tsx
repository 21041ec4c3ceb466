/** Placeholder: Events */
export function EventsSection() {
  return <h1>Events</h1>;
}
