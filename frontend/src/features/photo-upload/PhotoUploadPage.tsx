/** Placeholder: Share Your Photos */
export function PhotoUploadPage() {
  return <h1>Share Your Photos</h1>;
}
