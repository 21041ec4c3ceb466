/** Placeholder: Services */
export function ServicesSection() {
  return <h1>Services</h1>;
}
