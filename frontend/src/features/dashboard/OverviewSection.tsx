/** Placeholder: Dashboard */
export function OverviewSection() {
  return <h1>Dashboard</h1>;
}
