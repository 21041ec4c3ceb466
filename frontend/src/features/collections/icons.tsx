/*
 * Line icons drawn inline: emoji glyphs depend on the device's fonts and show as empty boxes where
 * they are missing. Decorative only; the text beside each says what it means.
 */
const frame = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function CameraIcon() {
  return (
    <svg {...frame}>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

export function VideoIcon() {
  return (
    <svg {...frame}>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="M16 10l5-3v10l-5-3" />
    </svg>
  );
}

export function ImageIcon() {
  return (
    <svg {...frame}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 16l-5-5-9 9" />
    </svg>
  );
}

export function UploadIcon() {
  return (
    <svg {...frame} width={24} height={24}>
      <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
    </svg>
  );
}
