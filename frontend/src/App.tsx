const CHURCH_NAME = 'Gather Church';

/** Placeholder until the public pages are built: says so plainly, in the church's name. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '36rem', margin: '0 auto', padding: '4rem 1.5rem' }}>
      <h1>{CHURCH_NAME}</h1>
      <p>Our new website is being built. Please check back soon.</p>
    </main>
  );
}
