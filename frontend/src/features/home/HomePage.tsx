/** Placeholder: Home */
export function HomePage() {
  return <h1>Home</h1>;
}
