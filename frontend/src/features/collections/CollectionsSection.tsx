/** Placeholder: Photo Collections */
export function CollectionsSection() {
  return <h1>Photo Collections</h1>;
}
