/** Placeholder: Connect */
export function ConnectPage() {
  return <h1>Connect</h1>;
}
