/** Placeholder: Services */
export function ServicesPage() {
  return <h1>Services</h1>;
}
