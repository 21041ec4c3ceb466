/** Placeholder: Staff Sign In */
export function LoginPage() {
  return <h1>Staff Sign In</h1>;
}
