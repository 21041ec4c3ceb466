/** The words, limits and helpers of the visitor forms that pages show, apart from the schemas: no zod here, so pages load none. */

/** The thanks each form answers with; the pages show the same words when the answer has none. */
export const FORM_THANKS = {
  newsletter: 'Successfully subscribed to newsletter!',
  giving: 'Thank you for your generous gift! A receipt has been sent to your email.',
  connect: "Thank you for connecting with us! We'll be in touch soon.",
  contact: "Thank you for contacting us! We'll respond to your message soon.",
} as const;

export const GIVING_TYPES = ['tithe', 'offering', 'missions', 'building', 'special', 'other'] as const;

export const CONNECT_INTERESTS = ["I'm new here", 'Becoming a member', 'Volunteering', 'Prayer request'] as const;
