/** The words, limits and helpers of weekly services that pages show, apart from the schemas: no zod here, so pages load none. */

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
