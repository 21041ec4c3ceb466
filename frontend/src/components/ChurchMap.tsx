import { ExternalButtonLink } from './Button';
import { useChurchName, useSiteSettings } from '../lib/site';
import styles from './ChurchMap.module.css';

/** Directions to the map position Settings gives, else to the address. */
export function directionsUrl(address: string, map?: { latitude: number; longitude: number } | null): string {
  const destination = map ? `${map.latitude},${map.longitude}` : address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Where to find us: a drawn map (the site loads nothing from map services, and no third-party
 * frame is allowed), the address, directions in the visitor's own maps app, and a call button.
 */
export function ChurchMap() {
  const site = useSiteSettings().data;
  const church = useChurchName();
  return (
    <div className={styles.map}>
      <svg className={styles.drawing} viewBox="0 0 640 360" role="img" aria-label={`Map showing ${church}`}>
        <rect width="640" height="360" fill="#eef0fd" />
        <path
          d="M0 250 C120 220 200 300 330 270 S540 210 640 240 L640 300 C540 270 450 330 330 325 S110 280 0 305 Z"
          fill="#cdeeed"
        />
        <rect x="420" y="40" width="150" height="100" rx="18" fill="#dcf5e8" />
        <circle cx="460" cy="80" r="14" fill="#b9e6cf" />
        <circle cx="520" cy="105" r="18" fill="#b9e6cf" />
        <circle cx="545" cy="65" r="10" fill="#b9e6cf" />
        <g stroke="#ffffff" strokeLinecap="round" fill="none">
          <path d="M-10 170 L650 130" strokeWidth="22" />
          <path d="M250 -10 L300 380" strokeWidth="18" />
          <path d="M60 -10 C90 120 120 200 90 380" strokeWidth="12" />
          <path d="M380 -10 L360 180 L600 380" strokeWidth="12" />
          <path d="M0 60 L240 90" strokeWidth="10" />
        </g>
        <g stroke="#e6e2db" strokeLinecap="round" fill="none" strokeWidth="2">
          <path d="M-10 170 L650 130" strokeDasharray="10 12" />
        </g>
        <g transform="translate(290 150)">
          <ellipse cx="0" cy="4" rx="22" ry="7" fill="rgb(36 33 29 / 18%)" />
          <path d="M0 0 C-26 -30 -26 -62 0 -66 C26 -62 26 -30 0 0 Z" fill="#4c51bf" />
          <circle cx="0" cy="-44" r="10" fill="#ffffff" />
        </g>
      </svg>
      <div className={styles.card}>
        <p className={styles.name}>{church}</p>
        {site && <address className={styles.address}>{site.address}</address>}
        {site && (
          <div className={styles.actions}>
            <ExternalButtonLink href={directionsUrl(site.address, site.map)} size="sm">
              Get Directions
            </ExternalButtonLink>
            <a className={styles.call} href={telephoneHref(site.phone)}>
              Call {site.phone}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
