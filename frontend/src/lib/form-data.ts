/**
 * A multipart body for the staff forms that carry a file (events, albums): empty and null fields
 * are left out, as the API then keeps its defaults; flags and numbers go as text; files only when chosen.
 */
export function formDataOf(
  values: Record<string, unknown>,
  files: Record<string, File | null | undefined> = {},
): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text) body.append(field, text);
  }
  for (const [field, file] of Object.entries(files)) if (file) body.append(field, file);
  return body;
}
