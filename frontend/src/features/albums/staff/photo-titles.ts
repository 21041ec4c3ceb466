/** A file's name without its extension: "IMG_2041.jpeg" → "IMG_2041". */
export function withoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * The titles of photos added together: the given title with a running number ('Baptism 1',
 * 'Baptism 2'), or, with no title, each file's own name without its extension.
 */
export function photoTitles(title: string, fileNames: readonly string[]): string[] {
  const prefix = title.trim();
  return fileNames.map((name, index) => (prefix ? `${prefix} ${index + 1}` : withoutExtension(name)));
}
