/** Placeholder: Building Fund */
export function PledgePage() {
  return <h1>Building Fund</h1>;
}
