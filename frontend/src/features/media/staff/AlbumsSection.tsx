/** Placeholder: Media */
export function AlbumsSection() {
  return <h1>Media</h1>;
}
