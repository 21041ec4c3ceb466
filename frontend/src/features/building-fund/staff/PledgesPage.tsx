/** Placeholder: Building Fund Pledges */
export function PledgesPage() {
  return <h1>Building Fund Pledges</h1>;
}
