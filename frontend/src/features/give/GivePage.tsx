/** Placeholder: Give */
export function GivePage() {
  return <h1>Give</h1>;
}
