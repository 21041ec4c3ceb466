/** Placeholder: Homepage */
export function HomepageSection() {
  return <h1>Homepage</h1>;
}
