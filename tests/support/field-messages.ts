/** The spec's per-field messages, as a visitor's form shows them: written out here, not read from the code under test. */
export const REQUIRED = 'This field is required.';
export const BLANK = 'This field may not be blank.';
export const BAD_EMAIL = 'Enter a valid email address.';
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
